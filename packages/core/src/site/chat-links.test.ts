import { describe, expect, it } from 'vitest';
import { chatLinksOf, DEFAULT_CHAT_LINKS, fillChatLink, isWebChatLink } from './chat-links.js';

describe('chat links', () => {
  it('Given no list, Then the four built-ins come highest sort first', () => {
    expect(chatLinksOf({}).map((link) => link.name)).toEqual([
      'OpenCat',
      'AMA 问天',
      'chatgpt-web-midjourney-proxy',
      'ChatGPT Next',
    ]);
    expect(DEFAULT_CHAT_LINKS.filter((link) => link.show)).toHaveLength(2);
  });

  it('Given a legacy chat_link, Then it replaces ChatGPT Next’s address and keeps the settings part', () => {
    const next = chatLinksOf({ chat_link: 'https://chat.example/' }).find(
      (link) => link.name === 'ChatGPT Next',
    );
    expect(next?.url).toBe('https://chat.example/#/?settings={"key":"{key}","url":"{server}"}');
  });

  it('Given a site list, Then it alone is used, entries without a name or address dropped', () => {
    const links = chatLinksOf({
      chat_links: JSON.stringify([
        { name: 'A', url: 'https://a/{key}', show: true, sort: 1 },
        { name: 'B', url: 'https://b', sort: 5 },
        { name: '', url: 'https://c' },
      ]),
      chat_link: 'https://ignored',
    });
    expect(links).toEqual([
      { name: 'B', url: 'https://b', show: false, sort: 5 },
      { name: 'A', url: 'https://a/{key}', show: true, sort: 1 },
    ]);
    expect(chatLinksOf({ chat_links: 'not json' })).toHaveLength(4);
  });

  it('Given a template, Then the key, the encoded server and base64 parts are filled', () => {
    expect(fillChatLink('ama://set?server={server}&key={key}', 'abc', 'https://gw.example')).toBe(
      'ama://set?server=https%3A%2F%2Fgw.example&key=sk-abc',
    );
    expect(fillChatLink('x://{key}', 'sk-abc', 's')).toBe('x://sk-abc');
    const filled = fillChatLink('https://c/?s=base64<[{"k":"{key}"}]>', 'abc', 's');
    expect(filled).toBe(`https://c/?s=${btoa('{"k":"sk-abc"}')}`);
    expect(isWebChatLink({ name: 'a', url: 'https://a', show: true, sort: 0 })).toBe(true);
    expect(isWebChatLink({ name: 'a', url: 'ama://a', show: true, sort: 0 })).toBe(false);
  });
});
