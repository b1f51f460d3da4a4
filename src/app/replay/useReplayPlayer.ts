import { useCallback, useEffect, useState } from 'react';
import type { ReplayTimeline } from '../../features/support/replayTimeline';

/** Replay speeds offered: multiples of the recorded pace. */
export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8] as const;

/** The longest pause played between two actions (long idle times are shortened). */
const MAX_GAP_MS = 2000;
const MIN_GAP_MS = 40;

/** The timeline's position and its controls. */
export interface ReplayPlayer {
  step: number;
  playing: boolean;
  speed: number;
  jump(step: number): void;
  stepBy(delta: number): void;
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
}

/**
 * Plays a timeline at the recorded pace times `speed`, starting at the last step (what the
 * customer saw when they exported). Playing stops at the end.
 */
export function useReplayPlayer(timeline: ReplayTimeline): ReplayPlayer {
  const [step, setStep] = useState(timeline.length);
  const [playRequested, setPlaying] = useState(false);
  // Playing stops by itself at the last step.
  const playing = playRequested && step < timeline.length;
  const [speed, setSpeed] = useState(1);
  const jump = useCallback((target: number) => setStep(Math.max(0, Math.min(timeline.length, Math.trunc(target)))), [timeline]);
  const stepBy = useCallback((delta: number) => setStep((current) => Math.max(0, Math.min(timeline.length, current + delta))), [timeline]);

  useEffect(() => {
    if (!playing) return undefined;
    const gap = (timeline.timeAt(step + 1) ?? 0) - (timeline.timeAt(step) ?? 0);
    const delay = Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, gap)) / speed;
    const timer = setTimeout(() => setStep((current) => Math.min(timeline.length, current + 1)), delay);
    return () => clearTimeout(timer);
  }, [playing, step, speed, timeline]);

  const play = useCallback(() => {
    // Playing from the end starts over.
    setStep((current) => (current >= timeline.length ? 0 : current));
    setPlaying(true);
  }, [timeline]);
  const pause = useCallback(() => setPlaying(false), []);
  return { step, playing, speed, jump, stepBy, play, pause, setSpeed };
}
