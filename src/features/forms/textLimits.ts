import { useCallback } from 'react';
import { useTranslation } from '../../hooks/translation';
import { type TextLimit, textProblem } from '../../../domain/contracts/textLimits';
import type { MessageKey } from '../../../domain/i18n/en';

/**
 * What a name or alias breaks of its limit (domain/contracts/textLimits.ts), as the catalogue
 * key of the server's own sentence; null when it is within it. Forms show it as the person
 * types, without waiting for a submit: nothing typed later could make it right by itself.
 */
export const limitProblem = (limit: TextLimit, value: string): MessageKey | null => {
  const problem = textProblem(limit, value);
  return problem === undefined ? null : (limit.keys[problem] as MessageKey);
};

/** The translated sentence of what a value breaks of its limit, or null: for a field's `validate`. */
export const useLimitShown = (): ((limit: TextLimit, value: string) => string | null) => {
  const { t } = useTranslation();
  return useCallback((limit: TextLimit, value: string) => {
    const broken = limitProblem(limit, value);
    return broken ? t(broken) : null;
  }, [t]);
};
