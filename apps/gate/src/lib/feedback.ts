/**
 * A distinct sound and vibration per result, so an attendant looking at the queue knows the answer
 * without looking at the screen: tones made with WebAudio (no files to fetch), and vibration
 * patterns where the device has a motor.
 */
import type { Tone } from './result-text.ts';

/** Frequency (Hz) and length (ms) of each tone, played one after another. */
const SOUNDS: Record<Tone, [number, number][]> = {
  success: [
    [880, 110],
    [1320, 180],
  ],
  wrong_time: [
    [660, 180],
    [440, 260],
  ],
  used: [
    [220, 140],
    [220, 140],
    [220, 140],
  ],
  invalid: [[180, 650]],
  changed: [
    [523, 120],
    [659, 120],
    [784, 200],
  ],
  needs_network: [
    [330, 200],
    [330, 200],
  ],
};

const VIBRATIONS: Record<Tone, number[]> = {
  success: [80],
  wrong_time: [200, 100, 200],
  used: [120, 60, 120, 60, 120],
  invalid: [600],
  changed: [100, 80, 100, 80, 300],
  needs_network: [300, 150, 300],
};

let context: AudioContext | null = null;

/** The audio context, made on the first user gesture's scan and reused. */
function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

export function playFeedback(tone: Tone, options: { sound: boolean }): void {
  try {
    navigator.vibrate?.(VIBRATIONS[tone]);
  } catch {
    // No vibration: the sound and the screen still say it.
  }
  if (!options.sound) return;
  const ctx = audio();
  if (!ctx) return;
  let at = ctx.currentTime + 0.01;
  for (const [frequency, ms] of SOUNDS[tone]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone === 'invalid' || tone === 'used' ? 'square' : 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + ms / 1000 + 0.02);
    at += ms / 1000 + 0.05;
  }
}

/** Browsers start audio only after a gesture: the first tap or key unlocks it. */
export function unlockAudio(): void {
  audio();
}
