// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { Sidebar } from './sidebar';

const ADMIN_LINKS = ['Users', 'Channels', 'Analytics'];
const ROOT_LINKS = ['Settings', 'System info'];
const ADMIN_COLLAPSES = ['Operation', 'Payment settings'];

afterEach(cleanup);

describe('console sidebar', () => {
  it('given a regular user (role 1), when the sidebar renders, then no admin-only item is shown', () => {
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 1, path: '/panel/token' });
    for (const name of ADMIN_LINKS) expect(screen.queryByRole('link', { name })).toBeNull();
    for (const name of ADMIN_COLLAPSES) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'Tokens' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
  });

  it('given an administrator (role 10), when the sidebar renders, then the admin items are shown', () => {
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 10, path: '/panel/token' });
    for (const name of ADMIN_LINKS) expect(screen.getByRole('link', { name })).toBeTruthy();
    for (const name of ADMIN_COLLAPSES) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it("given an administrator below root, then root's items (settings, system info) are not shown", () => {
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 10, path: '/panel/token' });
    for (const name of ROOT_LINKS) expect(screen.queryByRole('link', { name })).toBeNull();
    cleanup();
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 100, path: '/panel/token' });
    for (const name of ROOT_LINKS) expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('given the current path is a collapse child, then that collapse is open and the item selected', () => {
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 100, path: '/panel/pricing' });
    expect(screen.getByRole('button', { name: 'Operation' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Payment settings' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the welcome card with the username and the version chip', () => {
    renderWithApp(<Sidebar onNavigate={() => {}} />, { role: 1, path: '/panel/token' });
    expect(screen.getByText('alice')).toBeTruthy();
    expect(screen.getByText('v0.14.7')).toBeTruthy();
  });
});
