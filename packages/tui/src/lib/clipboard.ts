// Copying over SSH: OSC 52 asks the user's own terminal (through tmux, when it allows it) to put the
// text on its clipboard, so a code copied on the gateway lands on the operator's machine.

/** The OSC 52 sequence that sets the clipboard to `text`. */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** A copier that writes OSC 52 to the terminal. */
export function terminalClipboard(stdout: NodeJS.WritableStream): (text: string) => void {
  return (text) => {
    stdout.write(osc52(text));
  };
}
