// The cookies a Node client keeps between calls; apart from the transport so a face with its own
// transport does not load an HTTP library for it.
/** Cookies a Node client keeps between calls (the `session` cookie after a password sign-in). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Records the `name=value` part of each Set-Cookie header; an expired or empty value removes it. */
  store(setCookie: string | string[] | undefined): void {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const header of headers) {
      const [pair, ...attributes] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=(0|-\d+)\s*$/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
