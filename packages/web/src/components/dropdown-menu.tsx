import { Button, Classes, Icon, type IconName } from '@blueprintjs/core';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** One entry of a {@link DropdownMenu}. */
export interface DropdownItem {
  key: string;
  text: string;
  icon?: IconName;
  active?: boolean;
  onSelect: () => void;
}

interface DropdownMenuProps {
  /** Accessible name of the opening button. */
  label: string;
  icon?: IconName;
  /** Content of the button when it is not just an icon (an avatar). */
  children?: ReactNode;
  items: DropdownItem[];
  /**
   * Draws the menu at a fixed place under the button instead of inside its parent, so a scrolling
   * frame (a table's) does not clip it; it follows the button when the page scrolls.
   */
  floating?: boolean;
}

/**
 * Where a fixed menu goes: under its button, or above it when the window has no room below (a row at
 * the bottom of the screen), since a fixed element past the window's edge could never be scrolled to.
 */
function menuPlace(box: DOMRect, height: number): { top: number; right: number } {
  const below = box.bottom + 4;
  const top = below + height > window.innerHeight ? Math.max(4, box.top - height - 4) : below;
  return { top, right: window.innerWidth - box.right };
}

/**
 * A small menu under a button, drawn with Blueprint's menu styles but without its popover
 * machinery (popper.js and floating-ui), which would double the weight of the first page.
 * Closes on selection, on Escape and on a click elsewhere.
 */
export function DropdownMenu({ label, icon, children, items, floating }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    // Placed once the menu has drawn and its height is known.
    if (open && floating && box) setPlace(menuPlace(box, menu.current?.offsetHeight ?? 0));
  }, [open, floating]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !menu.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    // A fixed menu follows its button when the page or the table frame scrolls.
    const onMove = () => {
      const box = root.current?.getBoundingClientRect();
      if (box) setPlace(menuPlace(box, menu.current?.offsetHeight ?? 0));
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    if (floating) {
      window.addEventListener('resize', onMove);
      document.addEventListener('scroll', onMove, true);
    }
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onMove);
      document.removeEventListener('scroll', onMove, true);
    };
  }, [open, floating]);
  const menuElement = (
    <div
      id={menuId}
      ref={menu}
      role="menu"
      aria-label={label}
      className={`${Classes.MENU} ${Classes.ELEVATION_2} gw-dropdown-menu`}
      style={
        floating
          ? // Hidden until placed, so it never shows at the wrong spot for a frame.
            place
            ? { position: 'fixed', top: place.top, right: place.right }
            : { position: 'fixed', visibility: 'hidden' }
          : undefined
      }
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          className={`${Classes.MENU_ITEM} gw-dropdown-item${item.active ? ` ${Classes.ACTIVE}` : ''}`}
          onClick={() => {
            setOpen(false);
            item.onSelect();
          }}
        >
          {item.icon && <Icon icon={item.icon} />}
          <span className={Classes.FILL}>{item.text}</span>
        </button>
      ))}
    </div>
  );
  return (
    <div className="gw-dropdown" ref={root}>
      <Button
        variant="minimal"
        icon={icon}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {children}
      </Button>
      {open &&
        // A floating menu is drawn on the page's top layer: inside a table cell that stays put while
        // the table scrolls (a sticky one), later parts of the page were painted over it.
        (floating ? createPortal(menuElement, document.body) : menuElement)}
    </div>
  );
}
