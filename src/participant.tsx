import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSurveyRuntime } from '../infrastructure/app/surveyRuntime';
import { sampleRateOf } from '../domain/tracing/gate';
import { StoreProvider } from './hooks/runtime';
import { ParticipantApp } from './features/survey/ParticipantApp';
import { TranslatorProvider } from './features/survey/translate';
import './styles.css';

// Created once, outside React, like the dashboards' runtime.
const runtime = createSurveyRuntime({
  storage: window.localStorage,
  window,
  languages: navigator.languages,
  errorSampleRate: sampleRateOf(import.meta.env.VITE_ERROR_SAMPLE_RATE),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider runtime={runtime}>
      <TranslatorProvider translator={runtime.i18n}>
        <ParticipantApp />
      </TranslatorProvider>
    </StoreProvider>
  </StrictMode>,
);
