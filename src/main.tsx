import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TranslatorProvider } from './hooks/translation';
import { RouterProvider } from 'react-router-dom';
import { createAppRuntime } from '../infrastructure/app/runtime';
import { RuntimeProvider } from './hooks/runtime';
import { createAppRouter } from './app/router';
import { sampleRateOf } from '../domain/tracing/gate';
import { createConsent } from '../infrastructure/storage/consent';
import { LazyCookieBanner } from './features/consent/LazyCookieBanner';
import { dashboardApp } from '../domain/app/dashboardApp';
import './styles.css';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

// Keys that are not essential stay in memory until the person accepts (domain/consent/policy.ts).
const consent = createConsent(window.localStorage);

// Created once, outside React: StrictMode's double mount must not open a second tab channel.
// This page's application: every slice but the survey's (survey.html has its own, src/participant.tsx).
const runtime = createAppRuntime({
  app: dashboardApp,
  window,
  storage: consent.storage,
  cookieDomain: import.meta.env.VITE_COOKIE_DOMAIN || undefined,
  secureCookies: window.location.protocol === 'https:',
  localBuild: import.meta.env.DEV || LOOPBACK.has(window.location.hostname),
  errorSampleRate: sampleRateOf(import.meta.env.VITE_ERROR_SAMPLE_RATE),
});
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeProvider runtime={runtime}>
      <TranslatorProvider translator={runtime.i18n}>
        <RouterProvider router={router} />
        <LazyCookieBanner consent={consent} />
      </TranslatorProvider>
    </RuntimeProvider>
  </StrictMode>,
);
