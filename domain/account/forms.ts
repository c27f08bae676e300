import * as t from 'io-ts';
import { message } from '../kernel/message';

/** The account forms whose outcome the screens show. */
export const FormId = t.keyof({
  register: null,
  resetRequest: null,
  resetPassword: null,
  changePassword: null,
  profile: null,
  banners: null,
  twoFactor: null,
});
export type FormId = t.TypeOf<typeof FormId>;

const FieldErrors = t.record(t.string, t.array(t.string));

export const formEvents = {
  submitted: message('form/submitted', { form: FormId }),
  succeeded: message('form/succeeded', { form: FormId, message: t.union([t.string, t.null]) }),
  failed: message('form/failed', { form: FormId, message: t.string, errors: FieldErrors }),
  cleared: message('form/cleared', { form: FormId }),
};
export const FormEvent = t.union([formEvents.submitted, formEvents.succeeded, formEvents.failed, formEvents.cleared]);
export type FormEvent = t.TypeOf<typeof FormEvent>;

export interface FormStatus {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly message: string | null;
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

export const idleForm: FormStatus = { status: 'idle', message: null, errors: {} };

export type FormsState = Readonly<Partial<Record<FormId, FormStatus>>>;

export const formStatus = (forms: FormsState, form: FormId): FormStatus => forms[form] ?? idleForm;
