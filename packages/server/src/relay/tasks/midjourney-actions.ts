// Which priced action a Midjourney-Proxy submit is (spec §2.4 step 2): fixed by the endpoint for imagine,
// describe, blend, shorten, modal, upload and face swap; read from the body for the button endpoints —
// `change` names it, `simple-change` spells it as "<task id> U1|V2|R", `action` hides it in the button's
// customId ("MJ::JOB::upsample::2::<id>", "MJ::Inpaint::…", "MJ::CustomZoom::…").

/** Submit endpoints (after `/mj/submit/`) and the action each bills, when the body does not decide. */
const FIXED: Readonly<Record<string, string>> = {
  imagine: 'IMAGINE',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  shorten: 'SHORTEN',
  modal: 'MODAL',
  'upload-discord-images': 'UPLOAD',
  // Not a `/mj/submit/` endpoint: the routes call the face swap (`/mj/insight-face/swap`) by this kind.
  swap_face: 'SWAP_FACE',
};

/** The endpoints whose action comes from the body. */
export const MIDJOURNEY_SUBMIT_KINDS: readonly string[] = [
  ...Object.keys(FIXED).filter((kind) => kind !== 'swap_face'),
  'change',
  'simple-change',
  'action',
];

const CHANGE_ACTIONS = new Set(['UPSCALE', 'VARIATION', 'REROLL']);

/** The action of a button's customId, or undefined when it names none gw knows. */
export function actionOfCustomId(customId: string): string | undefined {
  const parts = customId.split('::');
  const name = parts[1] === 'JOB' ? parts[2] : parts[1];
  if (!name) return undefined;
  if (name.includes('upsample')) return 'UPSCALE';
  if (name === 'low_variation') return 'LOW_VARIATION';
  if (name === 'high_variation') return 'HIGH_VARIATION';
  if (name.includes('variation')) return 'VARIATION';
  if (name.includes('pan')) return 'PAN';
  if (name.includes('reroll')) return 'REROLL';
  if (name === 'Outpaint') return 'ZOOM';
  if (name === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (name === 'Inpaint') return 'INPAINT';
  return undefined;
}

/** The action of a simple-change content ("<task id> U1", "… V3", "… R"), or undefined. */
export function actionOfSimpleChange(content: string): string | undefined {
  const parts = content.trim().split(/\s+/);
  if (parts.length !== 2) return undefined;
  const change = (parts[1] ?? '').toLowerCase();
  if (change === 'r') return 'REROLL';
  if (!/^[uv][1-4]$/.test(change)) return undefined;
  return change.startsWith('u') ? 'UPSCALE' : 'VARIATION';
}

/** The priced action (upper case) of a submit to `kind` with this body; undefined when it cannot be told. */
export function midjourneyAction(kind: string, body: unknown): string | undefined {
  const fixed = FIXED[kind];
  if (fixed) return fixed;
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (kind === 'change') {
    const action = text('action').toUpperCase();
    return CHANGE_ACTIONS.has(action) ? action : undefined;
  }
  if (kind === 'simple-change') return actionOfSimpleChange(text('content'));
  if (kind === 'action') return actionOfCustomId(text('customId'));
  return undefined;
}
