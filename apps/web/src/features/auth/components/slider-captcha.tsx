import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import DoubleRightOutlined from '@ant-design/icons/DoubleRightOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '../../../lib/http.ts';
import { trackLimits, type TrackPoint } from '@cc/domain/slider-track';
import { getCaptcha, type CaptchaChallenge, type CaptchaFor } from '../api/get-captcha.ts';
import { verifyCaptcha } from '../api/verify-captcha.ts';

type State = 'loading' | 'ready' | 'verifying' | 'passed' | 'error';

/** A point every 8 ms at most: a fast mouse reports more than the server needs, and a long drag stays under its cap. */
const minPointGapMs = 8;

/** Adds a move to the track, unless it comes too soon after the last (the last move of a drag is always kept). */
function addPoint(track: TrackPoint[], point: TrackPoint, last = false) {
  const prev = track[track.length - 1];
  if (!last && prev && point[2] - prev[2] < minPointGapMs) return;
  if (track.length >= trackLimits.maxPoints) track.splice(track.length - 1, 1);
  track.push(point);
}

/**
 * The slider check before sign-in, for the name about to be signed in with. The handle is as wide as the piece
 * and the track as wide as the background, so the handle's offset is the piece's x in background pixels, one for
 * one. The drag's path and timing go with the answer: the server judges whether a hand made it.
 */
export function SliderCaptcha({ who, onPassed }: { who: CaptchaFor; onPassed: (captchaToken: string) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [state, setState] = useState<State>('loading');
  const [x, setX] = useState(0);
  const [pieceWidth, setPieceWidth] = useState(0);
  const [message, setMessage] = useState('');
  const drag = useRef<{ startX: number; startY: number; startOffset: number; startAt: number; track: TrackPoint[] } | null>(null);
  const keys = useRef<{ startAt: number; track: TrackPoint[] } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { username, telPrefix } = who;

  const load = useCallback(async () => {
    abort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setState('loading');
    setX(0);
    setPieceWidth(0);
    drag.current = null;
    keys.current = null;
    try {
      const c = await getCaptcha({ username, ...(telPrefix ? { telPrefix } : {}) }, ac.signal);
      setChallenge(c);
      setState('ready');
    } catch (e) {
      if (isAbortError(e)) return;
      setState('error');
      setMessage(e instanceof ApiError ? e.msg : t('auth.captcha.loadFailed'));
    }
  }, [t, username, telPrefix]);

  useEffect(() => {
    void load();
    return () => abort.current?.abort();
  }, [load]);

  const width = challenge?.width ?? 320;
  const height = challenge?.height ?? 160;
  const handle = challenge?.pieceWidth || pieceWidth || 44;
  const max = Math.max(0, width - handle);
  const clamp = (v: number) => Math.min(max, Math.max(0, v));

  const verify = async (at: number, track: TrackPoint[], input: 'pointer' | 'keys') => {
    if (!challenge) return;
    setState('verifying');
    try {
      const { captchaToken } = await verifyCaptcha({ captchaId: challenge.captchaId, x: Math.round(at), track, input });
      setState('passed');
      setMessage('');
      onPassed(captchaToken);
    } catch (e) {
      // A wrong answer burns the puzzle: show why, then a new one.
      setMessage(e instanceof ApiError ? e.msg : t('auth.captcha.loadFailed'));
      await load();
    }
  };

  const interactive = state === 'ready';
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!interactive) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const startAt = e.timeStamp;
    drag.current = { startX: e.clientX, startY: e.clientY, startOffset: x, startAt, track: [[x, 0, 0]] };
  };
  const point = (e: React.PointerEvent<HTMLDivElement>, d: NonNullable<typeof drag.current>): TrackPoint => [
    Math.round(clamp(d.startOffset + e.clientX - d.startX)),
    Math.round(e.clientY - d.startY),
    Math.max(0, Math.round(e.timeStamp - d.startAt)),
  ];
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setX(clamp(d.startOffset + e.clientX - d.startX));
    addPoint(d.track, point(e, d));
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const at = clamp(d.startOffset + e.clientX - d.startX);
    addPoint(d.track, point(e, d), true);
    drag.current = null;
    if (at > 0) void verify(at, d.track, 'pointer');
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const step = e.shiftKey ? 10 : 1;
    const move = (to: number) => {
      // The keyboard's track: where each press left the handle, and when.
      keys.current ??= { startAt: e.timeStamp, track: [[x, 0, 0]] };
      keys.current.track.push([to, 0, Math.max(0, Math.round(e.timeStamp - keys.current.startAt))]);
      setX(to);
    };
    if (e.key === 'ArrowRight') move(clamp(x + step));
    else if (e.key === 'ArrowLeft') move(clamp(x - step));
    else if (e.key === 'Enter' && x > 0) void verify(x, keys.current?.track ?? [[x, 0, 0]], 'keys');
    else return;
    e.preventDefault();
  };

  return (
    <div data-testid="slider-captcha" data-captcha-id={challenge?.captchaId ?? ''} data-state={state}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <strong>{t('auth.captcha.title')}</strong>
        <Button type="text" size="small" icon={<ReloadOutlined />} onClick={() => void load()} disabled={state === 'verifying'} aria-label={t('auth.captcha.refresh')}>
          {t('auth.captcha.refresh')}
        </Button>
      </Flex>
      <div
        style={{
          position: 'relative',
          width,
          height,
          maxWidth: '100%',
          margin: '0 auto',
          borderRadius: token.borderRadius,
          overflow: 'hidden',
          background: token.colorFillTertiary,
        }}
      >
        {challenge && state !== 'loading' ? (
          <>
            <img src={challenge.background} width={width} height={height} alt="" draggable={false} style={{ display: 'block', userSelect: 'none' }} data-testid="captcha-background" />
            <img
              src={challenge.piece}
              alt=""
              draggable={false}
              onLoad={(e) => setPieceWidth(e.currentTarget.naturalWidth)}
              style={{ position: 'absolute', top: challenge.y, left: x, userSelect: 'none', filter: 'drop-shadow(0 0 3px rgba(0,0,0,.6))' }}
              data-testid="captcha-piece"
            />
          </>
        ) : (
          <Flex justify="center" align="center" style={{ height: '100%' }}>
            <LoadingOutlined style={{ fontSize: 24, color: token.colorPrimary }} />
          </Flex>
        )}
      </div>
      <div
        style={{
          position: 'relative',
          width,
          maxWidth: '100%',
          height: 40,
          margin: '12px auto 0',
          borderRadius: 20,
          background: token.colorFillSecondary,
          userSelect: 'none',
        }}
        data-testid="captcha-track"
      >
        <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: x + handle, borderRadius: 20, background: token.colorPrimaryBg }} />
        {/* The hint sits right of the handle at rest, so the handle covers none of it. */}
        <span
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: state !== 'verifying' && state !== 'passed' ? handle : 0,
            right: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
            fontSize: 13,
            color: token.colorTextSecondary,
          }}
        >
          {state === 'verifying' ? t('auth.captcha.verifying') : state === 'passed' ? t('auth.captcha.passed') : x === 0 ? t('auth.captcha.hint') : ''}
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('auth.captcha.handle')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          data-testid="captcha-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            top: 0,
            left: x,
            width: handle,
            height: 40,
            borderRadius: 20,
            background: state === 'passed' ? token.colorSuccess : token.colorPrimary,
            color: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: interactive ? 'grab' : 'default',
            touchAction: 'none',
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {state === 'passed' ? <CheckOutlined /> : <DoubleRightOutlined />}
        </div>
      </div>
      {message && state !== 'passed' ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={message} data-testid="captcha-message" /> : null}
    </div>
  );
}
