import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The otpauth URI drawn as an SVG QR code; nothing leaves the page to draw it. */
export const QrCode = ({ value, alt }: { value: string; alt: string }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img src={src} alt={alt} className="qr-code" width={192} height={192} /> : <div className="qr-code" aria-hidden="true" />;
};
