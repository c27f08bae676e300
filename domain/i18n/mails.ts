/**
 * The emails the server sends (password reset, sign-in and security codes, invitations), in
 * each product language. They live apart from the screens' catalogues so that no page carries
 * them; TypeScript holds every language to the same sentences. A language without its own
 * texts, or none known, gets English.
 */

export type InvitedRole =
  | { readonly kind: 'second_admin' }
  | { readonly kind: 'sub_admin' }
  | { readonly kind: 'group_assignee'; readonly department?: string }
  | { readonly kind: 'subgroup_assignee'; readonly department?: string }
  | { readonly kind: 'staff' };

export interface MailTexts {
  readonly resetSubject: string;
  readonly resetBody: (link: string) => string;
  readonly signInSubject: string;
  readonly signInBody: (code: string) => string;
  readonly securitySubject: string;
  readonly securityBody: (code: string) => string;
  /** "Hello Ana," or "Hello," without a first name. */
  readonly greeting: (firstName: string) => string;
  /** Who invites: the person and their organisation. */
  readonly inviterOf: (inviter: string, organization: string) => string;
  readonly closing: (days: number) => string;
  readonly surveySubject: (organization: string) => string;
  readonly surveyBody: (from: string, link: string) => string;
  readonly accountSubject: (organization: string) => string;
  readonly accountBody: (from: string, organization: string, role: InvitedRole, link: string) => string;
}

const named = (department: string | undefined) => (department === undefined || department.trim() === '' ? '' : ` ${department.trim()}`);

const english: MailTexts = {
  resetSubject: 'Reset your Diversity Atlas password',
  resetBody: (link) => `A new password was asked for your account.\nChoose it here within 60 minutes: ${link}\nIf you did not ask for it, ignore this message.\n`,
  signInSubject: 'Your Diversity Atlas sign-in code',
  signInBody: (code) => `Your sign-in code is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not try to sign in, change your password.\n`,
  securitySubject: 'Your Diversity Atlas security code',
  securityBody: (code) => `Your code to confirm a change of your account's security is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not ask for it, change your password.\n`,
  greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
  inviterOf: (inviter, organization) => `${inviter} of ${organization}`,
  closing: (days) => `The link works once and for ${days} days. If you were not expecting this message, ignore it.\n`,
  surveySubject: (organization) => `${organization} invites you to its cultural diversity survey`,
  surveyBody: (from, link) =>
    `${from} invites you to answer its cultural diversity survey on Diversity Atlas. ` +
    `It takes 3 to 5 minutes, and your individual answers are never shown to anyone.\n` +
    `Open the survey here: ${link}\n`,
  accountSubject: (organization) => `You are invited to ${organization} on Diversity Atlas`,
  accountBody: (from, organization, role, link) => {
    const as = (() => {
      switch (role.kind) {
        case 'second_admin': return 'as its second administrator';
        case 'sub_admin': return 'as a sub-administrator';
        case 'group_assignee': return `as the assignee of the group${named(role.department)}`;
        case 'subgroup_assignee': return `as the assignee of the sub-group${named(role.department)}`;
        case 'staff': return 'as a member';
      }
    })();
    return `${from} invites you to join ${organization} on Diversity Atlas ${as}.\nAccept the invitation and choose your password here: ${link}\n`;
  },
};

const french: MailTexts = {
  resetSubject: 'Réinitialisez votre mot de passe Diversity Atlas',
  resetBody: (link) => `Un nouveau mot de passe a été demandé pour votre compte.\nChoisissez-le ici dans les 60 minutes : ${link}\nSi vous ne l'avez pas demandé, ignorez ce message.\n`,
  signInSubject: 'Votre code de connexion Diversity Atlas',
  signInBody: (code) => `Votre code de connexion est ${code}. Il est valable 10 minutes et ne sert qu'une fois.\nSi vous n'avez pas essayé de vous connecter, changez votre mot de passe.\n`,
  securitySubject: 'Votre code de sécurité Diversity Atlas',
  securityBody: (code) => `Votre code pour confirmer une modification de la sécurité de votre compte est ${code}. Il est valable 10 minutes et ne sert qu'une fois.\nSi vous ne l'avez pas demandé, changez votre mot de passe.\n`,
  greeting: (name) => (name === '' ? 'Bonjour,' : `Bonjour ${name},`),
  inviterOf: (inviter, organization) => `${inviter} (${organization})`,
  closing: (days) => `Le lien ne sert qu'une fois et reste valable ${days} jours. Si vous n'attendiez pas ce message, ignorez-le.\n`,
  surveySubject: (organization) => `${organization} vous invite à son enquête sur la diversité culturelle`,
  surveyBody: (from, link) =>
    `${from} vous invite à répondre à son enquête sur la diversité culturelle sur Diversity Atlas. ` +
    `Elle prend 3 à 5 minutes, et vos réponses individuelles ne sont jamais montrées à personne.\n` +
    `Ouvrez l'enquête ici : ${link}\n`,
  accountSubject: (organization) => `Vous êtes invité·e à rejoindre ${organization} sur Diversity Atlas`,
  accountBody: (from, organization, role, link) => {
    const as = (() => {
      switch (role.kind) {
        case 'second_admin': return 'comme deuxième administrateur·rice';
        case 'sub_admin': return 'comme sous-administrateur·rice';
        case 'group_assignee': return `comme responsable du groupe${named(role.department)}`;
        case 'subgroup_assignee': return `comme responsable du sous-groupe${named(role.department)}`;
        case 'staff': return 'comme membre';
      }
    })();
    return `${from} vous invite à rejoindre ${organization} sur Diversity Atlas ${as}.\nAcceptez l'invitation et choisissez votre mot de passe ici : ${link}\n`;
  },
};

const spanish: MailTexts = {
  resetSubject: 'Restablezca su contraseña de Diversity Atlas',
  resetBody: (link) => `Se ha pedido una nueva contraseña para su cuenta.\nElíjala aquí en los próximos 60 minutos: ${link}\nSi no la pidió, ignore este mensaje.\n`,
  signInSubject: 'Su código de inicio de sesión de Diversity Atlas',
  signInBody: (code) => `Su código de inicio de sesión es ${code}. Es válido durante 10 minutos y solo se puede usar una vez.\nSi no intentó iniciar sesión, cambie su contraseña.\n`,
  securitySubject: 'Su código de seguridad de Diversity Atlas',
  securityBody: (code) => `Su código para confirmar un cambio en la seguridad de su cuenta es ${code}. Es válido durante 10 minutos y solo se puede usar una vez.\nSi no lo pidió, cambie su contraseña.\n`,
  greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
  inviterOf: (inviter, organization) => `${inviter}, de ${organization},`,
  closing: (days) => `El enlace funciona una sola vez y durante ${days} días. Si no esperaba este mensaje, ignórelo.\n`,
  surveySubject: (organization) => `${organization} le invita a su encuesta de diversidad cultural`,
  surveyBody: (from, link) =>
    `${from} le invita a responder su encuesta de diversidad cultural en Diversity Atlas. ` +
    `Lleva de 3 a 5 minutos, y sus respuestas individuales nunca se muestran a nadie.\n` +
    `Abra la encuesta aquí: ${link}\n`,
  accountSubject: (organization) => `Le invitan a unirse a ${organization} en Diversity Atlas`,
  accountBody: (from, organization, role, link) => {
    const as = (() => {
      switch (role.kind) {
        case 'second_admin': return 'como segundo administrador';
        case 'sub_admin': return 'como subadministrador';
        case 'group_assignee': return `como responsable del grupo${named(role.department)}`;
        case 'subgroup_assignee': return `como responsable del subgrupo${named(role.department)}`;
        case 'staff': return 'como miembro';
      }
    })();
    return `${from} le invita a unirse a ${organization} en Diversity Atlas ${as}.\nAcepte la invitación y elija su contraseña aquí: ${link}\n`;
  },
};

// Right to left: a link or a code stands on its own line, so that it reads whole, left to right.
const arabic: MailTexts = {
  resetSubject: 'إعادة تعيين كلمة مرور Diversity Atlas',
  resetBody: (link) => `طُلبت كلمة مرور جديدة لحسابك.\nاخترها خلال 60 دقيقة من هنا:\n${link}\nإذا لم تطلبها، فتجاهل هذه الرسالة.\n`,
  signInSubject: 'رمز تسجيل الدخول إلى Diversity Atlas',
  signInBody: (code) => `رمز تسجيل الدخول الخاص بك هو:\n${code}\nوهو صالح لمدة 10 دقائق ويُستخدم مرة واحدة.\nإذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور.\n`,
  securitySubject: 'رمز الأمان لحسابك في Diversity Atlas',
  securityBody: (code) => `رمز تأكيد تغيير إعدادات أمان حسابك هو:\n${code}\nوهو صالح لمدة 10 دقائق ويُستخدم مرة واحدة.\nإذا لم تطلبه، فغيّر كلمة المرور.\n`,
  greeting: (name) => (name === '' ? 'مرحبًا،' : `مرحبًا ${name}،`),
  inviterOf: (inviter, organization) => `${inviter} من ${organization}`,
  closing: (days) => `يعمل الرابط مرة واحدة ولمدة ${days} أيام. إذا لم تكن تتوقع هذه الرسالة، فتجاهلها.\n`,
  surveySubject: (organization) => `تدعوك ${organization} إلى استبيانها عن التنوع الثقافي`,
  surveyBody: (from, link) =>
    `يدعوك ${from} إلى الإجابة عن استبيان التنوع الثقافي على Diversity Atlas. ` +
    `يستغرق من 3 إلى 5 دقائق، ولا تُعرض إجاباتك الفردية على أحد أبدًا.\n` +
    `افتح الاستبيان من هنا:\n${link}\n`,
  accountSubject: (organization) => `أنت مدعو إلى ${organization} على Diversity Atlas`,
  accountBody: (from, organization, role, link) => {
    const as = (() => {
      switch (role.kind) {
        case 'second_admin': return 'بصفة مسؤول ثانٍ';
        case 'sub_admin': return 'بصفة مسؤول فرعي';
        case 'group_assignee': return `بصفة مسؤول عن المجموعة${named(role.department)}`;
        case 'subgroup_assignee': return `بصفة مسؤول عن المجموعة الفرعية${named(role.department)}`;
        case 'staff': return 'بصفة عضو';
      }
    })();
    return `يدعوك ${from} إلى الانضمام إلى ${organization} على Diversity Atlas ${as}.\nاقبل الدعوة واختر كلمة المرور من هنا:\n${link}\n`;
  },
};

const chinese: MailTexts = {
  resetSubject: '重置您的 Diversity Atlas 密码',
  resetBody: (link) => `有人为您的账户申请了新密码。\n请在 60 分钟内在此设置：${link}\n如果这不是您本人的申请，请忽略此邮件。\n`,
  signInSubject: '您的 Diversity Atlas 登录验证码',
  signInBody: (code) => `您的登录验证码是 ${code}。有效期 10 分钟，仅可使用一次。\n如果您没有尝试登录，请修改密码。\n`,
  securitySubject: '您的 Diversity Atlas 安全验证码',
  securityBody: (code) => `用于确认更改账户安全设置的验证码是 ${code}。有效期 10 分钟，仅可使用一次。\n如果这不是您本人的申请，请修改密码。\n`,
  greeting: (name) => (name === '' ? '您好：' : `${name}，您好：`),
  inviterOf: (inviter, organization) => `${organization}的${inviter}`,
  closing: (days) => `该链接仅可使用一次，有效期 ${days} 天。如果您没有预期收到此邮件，请忽略。\n`,
  surveySubject: (organization) => `${organization}邀请您参加文化多样性调查`,
  surveyBody: (from, link) =>
    `${from}邀请您在 Diversity Atlas 上回答其文化多样性调查。` +
    `只需 3 到 5 分钟，您的个人回答绝不会向任何人展示。\n` +
    `在此打开调查：${link}\n`,
  accountSubject: (organization) => `您受邀加入 Diversity Atlas 上的${organization}`,
  accountBody: (from, organization, role, link) => {
    const as = (() => {
      switch (role.kind) {
        case 'second_admin': return '担任第二管理员';
        case 'sub_admin': return '担任子管理员';
        case 'group_assignee': return `担任小组${named(role.department)}的负责人`;
        case 'subgroup_assignee': return `担任子小组${named(role.department)}的负责人`;
        case 'staff': return '成为成员';
      }
    })();
    return `${from}邀请您加入 Diversity Atlas 上的${organization}，${as}。\n在此接受邀请并设置密码：${link}\n`;
  },
};

export const MAIL_TEXTS: Readonly<Record<string, MailTexts>> = { au: english, en: english, fr: french, es: spanish, ar: arabic, zh: chinese };

/**
 * The texts of the first of `candidates` (a locale code such as 'fr' or 'fr-CA', null when
 * unknown) the product writes mail in; English when none is.
 */
export const mailTexts = (...candidates: readonly (string | null | undefined)[]): MailTexts => {
  for (const candidate of candidates) {
    const code = candidate?.trim().toLowerCase();
    if (!code) continue;
    const texts = MAIL_TEXTS[code] ?? MAIL_TEXTS[code.split(/[-_]/)[0] ?? ''];
    if (texts !== undefined) return texts;
  }
  return english;
};
