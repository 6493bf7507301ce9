/**
 * The console's sounds (Web Audio: no file to load) and their mute switches, kept on the device: the
 * floor beeps for new orders and waiter calls, a kitchen display chimes for new tickets. Browsers start
 * audio only after a tap on the page, so the audio context is made in a tap (unlockAudio) and never
 * when news arrives: making one blocks a slow tablet for a long moment, and until the first tap the
 * sounds are silent (the badges and cards still show).
 */
let context: AudioContext | null = null;

/** Made (or resumed) in a tap, for every later sound. */
export function unlockAudio(): void {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === "suspended") void context.resume();
  } catch {
    // no audio device: nothing to play on
  }
}

/** Whether a sound can be heard yet (a tap has unlocked audio). */
export function audioReady(): boolean {
  return context !== null && context.state === "running";
}

/** Two short tones, 0.18 s apart; silent until a tap unlocked audio. */
export function twoTones(frequencies: readonly [number, number]): void {
  if (context?.state !== "running") return;
  const start = context.currentTime;
  try {
    for (const [i, frequency] of frequencies.entries()) {
      const at = start + i * 0.18;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.16);
    }
  } catch {
    // the device went away: the badge and the card still show
  }
}

/** A mute switch kept on this device under `key` (storage disabled: it lasts for this page). */
export function muteSwitch(key: string) {
  return {
    load(): boolean {
      try {
        return localStorage.getItem(key) === "1";
      } catch {
        return false;
      }
    },
    save(muted: boolean): void {
      try {
        localStorage.setItem(key, muted ? "1" : "0");
      } catch {
        // storage disabled
      }
    },
  };
}
