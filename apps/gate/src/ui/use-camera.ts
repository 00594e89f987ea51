/**
 * Continuous QR reading from the back camera: a frame is read every 200 ms while the camera is
 * on, and each code found is handed to `onCode` (the caller drops repeats).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

export function useCamera(video: RefObject<HTMLVideoElement | null>, isWanted: boolean, onCode: (code: string) => void) {
  const [state, setState] = useState<CameraState>('off');
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!isWanted) {
      setState((previous) => (previous === 'unavailable' ? previous : 'off'));
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isRunning = true;
    setState('starting');
    void (async () => {
      try {
        const [{ readQr }, media] = await Promise.all([
          import('../lib/qr-reader.ts'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ]);
        stream = media;
        if (!isRunning || !video.current) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = media;
        await video.current.play();
        setState('on');
        const read = async () => {
          if (!isRunning || !video.current) return;
          if (video.current.readyState >= 2) {
            const value = await readQr(video.current).catch(() => null);
            if (value && isRunning) latest.current(value);
          }
          timer = setTimeout(read, 200);
        };
        void read();
      } catch {
        if (isRunning) setState('unavailable');
      }
    })();
    return () => {
      isRunning = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [isWanted, video]);

  return state;
}

/** Reads a QR code from a photo; null when it shows none. */
export async function readPhoto(file: File): Promise<string | null> {
  const { readQr } = await import('../lib/qr-reader.ts');
  return readQr(file).catch(() => null);
}
