// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { SiteFooter } from './site-footer';

afterEach(cleanup);

describe('site footer', () => {
  it('given no footer_html, shows the system name, version, upstream credit and MIT licence link', () => {
    renderWithApp(<SiteFooter />);
    expect(
      screen.getByText(/Test Gateway v0\.14\.7 .*one-hub \(MartialBE\).*one-api \(JustSong\)/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'MIT License' }).getAttribute('href')).toContain('MIT');
  });

  it('given footer_html, replaces the default footer with it', () => {
    renderWithApp(<SiteFooter />, { site: { footer_html: '<b>Operated by Example Ltd</b>' } });
    expect(screen.getByText('Operated by Example Ltd').tagName).toBe('B');
    expect(screen.queryByText(/MartialBE/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'MIT License' })).toBeNull();
  });
});
