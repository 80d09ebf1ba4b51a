// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { TopNav } from './top-nav';

function setWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });
}

afterEach(() => {
  cleanup();
  setWidth(1024);
});

describe('public top navigation', () => {
  it('given a wide screen and no user, shows Home, Price, About and Sign in, but no Playground', () => {
    setWidth(1200);
    renderWithApp(<TopNav />);
    for (const name of ['Home', 'Price', 'About', 'Sign in'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Playground' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Console' })).toBeNull();
  });

  it('given a signed-in user, adds Playground, Console and the user menu', () => {
    setWidth(1200);
    renderWithApp(<TopNav />, { role: 1 });
    expect(screen.getByRole('link', { name: 'Playground' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Console' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu (alice)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('given a small screen, folds the links into one menu: Home, About, Sign in', () => {
    setWidth(500);
    renderWithApp(<TopNav />);
    expect(screen.queryByRole('link', { name: 'Price' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Home', 'About', 'Sign in']);
  });
});
