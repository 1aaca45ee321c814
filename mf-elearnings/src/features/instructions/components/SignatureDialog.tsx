import { FormError, inlineErrorText } from '@dash/shared-ui';
import { Modal } from '@dash/shared-ui/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Types only: the pad's code loads when a dialog opens, not with the page.
import type SignaturePad from 'signature_pad';

/**
 * Width of the PNG sent: three times the signature's box in the PDF (about 190 pt), sharp in print, and 5-15 KB
 * whatever the screen's pixel density (a record of a few thousand attendees stays a PDF one can mail).
 */
const EXPORT_WIDTH = 600;

/** The pad's drawing scaled to EXPORT_WIDTH (never enlarged), as PNG. */
function exportPng(canvas: HTMLCanvasElement): string {
  const scale = Math.min(1, EXPORT_WIDTH / canvas.width);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(canvas.width * scale));
  out.height = Math.max(1, Math.round(canvas.height * scale));
  const context = out.getContext('2d');
  if (!context) return canvas.toDataURL('image/png');
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

/**
 * A signature pad in a dialog (signature_pad, loaded when the dialog opens): the member draws with finger, pen or
 * mouse; "Save" sends the drawing as PNG (the server checks it). The canvas has the screen's pixel density, so the
 * stroke stays sharp in the PDF.
 */
export function SignatureDialog({
  open,
  memberName,
  onClose,
  onSign,
}: {
  open: boolean;
  memberName: string;
  onClose: () => void;
  onSign: (signaturePng: string) => Promise<void>;
}) {
  const { t } = useTranslation('elearnings');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setEmpty(true);
    setError(null);
    void import('signature_pad').then(({ default: Pad }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      const pad = new Pad(canvas, { penColor: '#0b1f4d', minWidth: 0.8, maxWidth: 2.6 });
      pad.addEventListener('endStroke', () => setEmpty(pad.isEmpty()));
      padRef.current = pad;
    });
    return () => {
      cancelled = true;
      padRef.current?.off();
      padRef.current = null;
    };
  }, [open]);

  const save = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSign(canvasRef.current ? exportPng(canvasRef.current) : pad.toDataURL('image/png'));
      onClose();
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      headline={t('instructions.sign.title', { name: memberName })}
      width={50}
      testId="signature-dialog"
      footer={
        <>
          <button
            type="button"
            className="ui-button ui-button--ghost"
            onClick={() => {
              padRef.current?.clear();
              setEmpty(true);
            }}
          >
            {t('instructions.sign.clear')}
          </button>
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t('common:common.cancel')}
          </button>
          <button
            type="button"
            className="ui-button"
            disabled={empty || busy}
            onClick={() => void save()}
            data-testid="signature-save"
          >
            {t('instructions.sign.save')}
          </button>
        </>
      }
    >
      <FormError error={error} testId="signature-error" />
      <p className="elearning-hint">{t('instructions.sign.hint')}</p>
      <canvas
        ref={canvasRef}
        className="elearning-signature-pad"
        aria-label={t('instructions.sign.pad', { name: memberName })}
        data-testid="signature-pad"
      />
    </Modal>
  );
}
