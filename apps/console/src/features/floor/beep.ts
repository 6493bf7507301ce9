/**
 * A short beep through Web Audio for new orders and waiter calls. Browsers start audio only after a
 * user gesture: the context is made (or resumed) on the page's first tap, and `ready()` says whether
 * a beep can be heard yet.
 */
let context: AudioContext | null = null;

export function unlockAudio(): void {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  if (context.state === "suspended") void context.resume();
}

export function audioReady(): boolean {
  return context !== null && context.state === "running";
}

/** Two quick tones (a call rings higher than an order). */
export function beep(kind: "order" | "call" = "order"): void {
  if (context?.state !== "running") return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, kind === "call" ? 1046 : 880],
    [0.18, kind === "call" ? 1318 : 1046],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}

const MUTE_KEY = "tablemate-console-muted";

export function loadMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function saveMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
  } catch {
    // storage disabled: the choice lasts this visit
  }
}
