import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSurveyRuntime } from '../infrastructure/app/surveyRuntime';
import { sampleRateOf } from '../domain/tracing/gate';
import { StoreProvider } from './hooks/runtime';
import { ParticipantApp } from './features/survey/ParticipantApp';
import { TranslatorProvider } from './hooks/translation';
import { createConsent } from '../infrastructure/storage/consent';
import { LazyCookieBanner } from './features/consent/LazyCookieBanner';
import { participantApp } from '../domain/app/participantApp';
import './styles.css';

// Created once, outside React, like the dashboards' runtime.
// The survey draft is kept in memory only until the person accepts (domain/consent/policy.ts).
const consent = createConsent(window.localStorage);
// This page's application: the survey's slices, sections and actions only, so a phone does not
// download the dashboards' (src/main.tsx has theirs).
const runtime = createSurveyRuntime({
  app: participantApp,
  storage: consent.storage,
  window,
  languages: navigator.languages,
  errorSampleRate: sampleRateOf(import.meta.env.VITE_ERROR_SAMPLE_RATE),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider runtime={runtime}>
      <TranslatorProvider translator={runtime.i18n}>
        <ParticipantApp />
        <LazyCookieBanner consent={consent} />
      </TranslatorProvider>
    </StoreProvider>
  </StrictMode>,
);
