/** The new-ticket chime (Web Audio: no file to load), and the station's mute switch kept on the device. */
const MUTE_KEY = "tablemate-kitchen-muted";

let context: AudioContext | null = null;

export function isMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
  } catch {
    // storage disabled: the switch lasts for this page
  }
}

/**
 * Two short tones. Browsers start audio only after a tap on the page, so the first chime may be
 * silent until the cook has touched the display once (any bump or the mute switch unlocks it).
 */
export function chime(): void {
  if (isMuted() || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.3, start + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + i * 0.18);
      oscillator.stop(start + i * 0.18 + 0.17);
    }
  } catch {
    // no audio device: the badge and the new card still show
  }
}

/** A tap unlocks audio for later chimes. */
export function unlockAudio(): void {
  if (isMuted() || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
  } catch {
    // ignored
  }
}
