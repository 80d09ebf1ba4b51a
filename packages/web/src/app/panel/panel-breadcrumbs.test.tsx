// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { PanelBreadcrumbs } from './panel-breadcrumbs';

afterEach(cleanup);

const crumbs = () =>
  Array.from(
    screen.getByRole('navigation', { name: 'Breadcrumbs' }).querySelectorAll('li'),
    (item) => item.textContent,
  );

describe('console breadcrumbs', () => {
  it('shows Dashboard > group > collapse > item for a nested screen', () => {
    renderWithApp(<PanelBreadcrumbs />, { role: 100, path: '/panel/pricing' });
    expect(crumbs()).toEqual(['Dashboard', 'Settings', 'Operation', 'Pricing']);
  });

  it('does not repeat "Dashboard" for the Dashboard group', () => {
    renderWithApp(<PanelBreadcrumbs />, { role: 100, path: '/panel/analytics' });
    expect(crumbs()).toEqual(['Dashboard', 'Analytics']);
    cleanup();
    renderWithApp(<PanelBreadcrumbs />, { role: 100, path: '/panel/dashboard' });
    expect(crumbs()).toEqual(['Dashboard']);
  });
});
