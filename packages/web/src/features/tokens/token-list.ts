/** The server address users should put in place of api.openai.com. */
export function serverAddress(configured: string | undefined): string {
  return (configured || window.location.origin).replace(/\/+$/, '');
}
