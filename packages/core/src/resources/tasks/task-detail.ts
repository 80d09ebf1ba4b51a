// What a task's status opens (console-screens §21): nothing, a Suno music task's tracks (cover, title,
// lyrics, audio, video), or the task's result as pretty JSON.
import { SUNO_MUSIC_ACTION, type Task } from './tasks.schema.js';

/** One song of a Suno music task. */
export interface SunoTrack {
  id: string;
  title: string;
  /** The cover image's URL ('' when none). */
  cover: string;
  audioUrl: string;
  videoUrl: string;
  lyrics: string;
  tags: string;
  /** The song as the upstream sent it, pretty-printed. */
  raw: string;
}

export type TaskDetail =
  | { kind: 'empty' }
  | { kind: 'suno'; tracks: SunoTrack[] }
  | { kind: 'json'; text: string };

/** Characters of lyrics the track list shows before its "more" (the whole text is in the track). */
export const SUNO_LYRICS_PREVIEW = 80;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const string = (value: unknown) => (typeof value === 'string' ? value : '');

/** A task's `data` read as it was stored: JSON text is parsed, anything else kept. */
function resultOf(task: Task): unknown {
  const { data } = task;
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function sunoTrack(value: unknown): SunoTrack | undefined {
  const song = record(value);
  const audioUrl = string(song.audio_url);
  const videoUrl = string(song.video_url);
  if (!audioUrl && !videoUrl) return undefined;
  const metadata = record(song.metadata);
  return {
    id: string(song.id),
    title: string(song.title),
    cover: string(song.image_url) || string(song.image_large_url),
    audioUrl,
    videoUrl,
    lyrics: string(metadata.prompt) || string(song.prompt),
    tags: string(metadata.tags) || string(song.tags),
    raw: JSON.stringify(value, null, 2),
  };
}

/** What a task's detail dialog shows: its Suno tracks for a music task that has them, else its JSON. */
export function taskDetail(task: Task): TaskDetail {
  const result = resultOf(task);
  if (result === undefined || result === null || result === '') return { kind: 'empty' };
  if (task.platform === 'suno' && task.action === SUNO_MUSIC_ACTION) {
    const songs = Array.isArray(result) ? result : (record(result).data ?? record(result).clips);
    const tracks = Array.isArray(songs) ? songs.map(sunoTrack).filter((track) => track !== undefined) : [];
    if (tracks.length > 0) return { kind: 'suno', tracks };
  }
  return { kind: 'json', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) };
}
