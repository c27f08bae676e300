/**
 * The emails the server sends (password reset, sign-in and security codes, invitations, the
 * welcome, survey links, the edit links of an answer, package reminders and requests), in
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
  /** A day as the language writes it (the package's last day). */
  readonly day: (date: Date) => string;
  readonly welcomeSubject: string;
  readonly welcomeBody: (organization: string, link: string) => string;
  /** A survey link sent by email: `survey` is the survey's name. */
  readonly linkSubject: (organization: string, survey: string) => string;
  readonly linkBody: (organization: string, survey: string, anonymous: boolean) => string;
  /** The line before the sender's own words. */
  readonly linkNote: (sender: string) => string;
  readonly linkOpen: (link: string) => string;
  readonly linkUntil: (when: string) => string;
  /** After a named answer: `edited` when the answers were changed rather than first sent. */
  readonly answersSubject: (organization: string, edited: boolean) => string;
  readonly answersBody: (organization: string, edited: boolean) => string;
  readonly answersLinks: (edit: string, erase: string, days: number) => string;
  readonly reminderSubject: (days: number) => string;
  readonly reminderBody: (organization: string, lastDay: string) => string;
  readonly requestSubject: (organization: string) => string;
  readonly requestBody: (request: PackageRequestWords) => string;
  /** The code that proves an organisation receives mail at a domain it wants for single sign-on. */
  readonly ssoDomainSubject: string;
  readonly ssoDomainBody: (domain: string, organization: string, code: string) => string;
  /** A campaign's personal invitation (`reminder` false) or one of its reminders; `survey` is the survey's name. */
  readonly campaignSubject: (organization: string, survey: string, reminder: boolean) => string;
  readonly campaignBody: (organization: string, survey: string, reminder: boolean, anonymous: boolean) => string;
  /** The personal link and until when it works (`until` from campaignUntil). */
  readonly campaignLink: (link: string, until: string) => string;
  /** A campaign's closing time as the language writes it, in the campaign's time zone. */
  readonly campaignUntil: (closes: Date, timeZone: string) => string;
  /** The last line of a campaign mail: where to unsubscribe. */
  readonly unsubscribeLine: (link: string) => string;
}

/** What an administrator asked for, for the operator's email; null: no change. */
export interface PackageRequestWords {
  readonly from: string;
  readonly organization: string;
  readonly organizationId: string;
  readonly seats: number | null;
  readonly months: number | null;
  readonly note: string;
  readonly promised: number;
  readonly capacity: number;
  readonly answers: number;
  readonly status: string;
  readonly endsAt: string | null;
}

const dayIn = (tag: string) => (date: Date) => date.toLocaleDateString(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** How to grant a request, the same in every language: these are commands. */
/** A date and time in a time zone; an unknown zone is written in UTC rather than failing the mail. */
const momentIn = (tag: string) => (date: Date, timeZone: string) => {
  try {
    return date.toLocaleString(tag, { dateStyle: 'long', timeStyle: 'short', timeZone });
  } catch {
    return `${date.toLocaleString(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  }
};

const grantCommands = (id: string) => `npm run org -- extend ${id} --until YYYY-MM-DD, npm run org -- seats ${id} N`;

const named = (department: string | undefined) => (department === undefined || department.trim() === '' ? '' : ` ${department.trim()}`);

const english: MailTexts = {
  resetSubject: 'Reset your Commonweave password',
  resetBody: (link) => `A new password was asked for your account.\nChoose it here within 60 minutes: ${link}\nIf you did not ask for it, ignore this message.\n`,
  signInSubject: 'Your Commonweave sign-in code',
  signInBody: (code) => `Your sign-in code is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not try to sign in, change your password.\n`,
  securitySubject: 'Your Commonweave security code',
  securityBody: (code) => `Your code to confirm a change of your account's security is ${code}. It is valid for 10 minutes and can be used once.\nIf you did not ask for it, change your password.\n`,
  greeting: (name) => (name === '' ? 'Hello,' : `Hello ${name},`),
  inviterOf: (inviter, organization) => `${inviter} of ${organization}`,
  closing: (days) => `The link works once and for ${days} days. If you were not expecting this message, ignore it.\n`,
  surveySubject: (organization) => `${organization} invites you to its cultural diversity survey`,
  surveyBody: (from, link) =>
    `${from} invites you to answer its cultural diversity survey on Commonweave. ` +
    `It takes 3 to 5 minutes, and your individual answers are never shown to anyone.\n` +
    `Open the survey here: ${link}\n`,
  accountSubject: (organization) => `You are invited to ${organization} on Commonweave`,
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
    return `${from} invites you to join ${organization} on Commonweave ${as}.\nAccept the invitation and choose your password here: ${link}\n`;
  },
  day: dayIn('en-AU'),
  ssoDomainSubject: 'Confirm your domain for single sign-on',
  ssoDomainBody: (domain, organization, code) =>
    `${organization} wants people with an address at ${domain} to sign in to Commonweave through its own identity provider.\nTo confirm that this domain belongs to ${organization}, enter this code in Organisation settings within 24 hours: ${code}\nIf you do not know about this, ignore this message.\n`,
  campaignSubject: (organization, survey, reminder) => `${reminder ? 'Reminder: ' : ''}${organization} invites you to take the ${survey}`,
  campaignBody: (organization, survey, reminder, anonymous) =>
    `${reminder ? `If you have not yet taken the ${survey} of ${organization}, there is still time` : `${organization} invites you to take the ${survey}`}: it takes 3 to 5 minutes.` +
    `${anonymous ? ' Your answers are anonymous: nobody can see who answered what.' : ''}\n`,
  campaignLink: (link, until) => `Open your personal link: ${link}\nIt works once, until ${until}.\n`,
  campaignUntil: momentIn('en-AU'),
  unsubscribeLine: (link) => `To receive no more of these invitations and reminders: ${link}\n`,
  welcomeSubject: 'Welcome to Commonweave',
  welcomeBody: (organization, link) => `${organization} is registered on Commonweave and you are its administrator.\nSign in at ${link} with this email address.\n`,
  linkSubject: (organization, survey) => `${organization} invites you to take the ${survey}`,
  linkBody: (organization, survey, anonymous) =>
    `${organization} invites you to take the ${survey}. It takes 3 to 5 minutes.${anonymous ? ' Your answers are anonymous: the survey does not ask for your name.' : ''}\n`,
  linkNote: (sender) => `A message from ${sender}:`,
  linkOpen: (link) => `Open the survey: ${link}\n`,
  linkUntil: (when) => `The link works until ${when}.\n`,
  answersSubject: (organization, edited) => `${edited ? 'Your changed answers' : 'Your answers'} to the cultural diversity survey of ${organization}`,
  answersBody: (organization, edited) =>
    edited ? `Your changed answers to the cultural diversity survey of ${organization} are saved.\n` : `Thank you for answering the cultural diversity survey of ${organization}.\n`,
  answersLinks: (edit, erase, days) =>
    `To change your answers, open: ${edit}\nTo erase your answers, open: ${erase}\n\n` +
    `Each link works once and for ${days} days; changing your answers sends you new links. ` +
    `Keep this email to yourself: anyone with these links can see or erase your answers.\n`,
  reminderSubject: (days) => `Your Commonweave package ends in ${days} day${days === 1 ? '' : 's'}`,
  reminderBody: (organization, lastDay) =>
    `The package of ${organization} ends on ${lastDay} (UTC).\n\n` +
    'After that day the dashboards close: nobody in your organisation can sign in to them until the package is renewed, and survey links stop taking answers.\n\n' +
    'To keep going, open the Upgrade account page and ask for more time or seats.',
  requestSubject: (organization) => `Package request from ${organization}`,
  requestBody: (r) =>
    [
      `${r.from} asks for more for ${r.organization} (${r.organizationId}).`,
      `Seats wanted in total: ${r.seats ?? 'no change'}.`,
      `More months: ${r.months ?? 'no change'}.`,
      `Note: ${r.note === '' ? '(none)' : r.note}`,
      `Now: ${r.promised} of ${r.capacity} seats promised, ${r.answers} answers, package ${r.status}, ends ${r.endsAt ?? 'never'}.`,
      `To grant it: ${grantCommands(r.organizationId)}.`,
    ].join('\n'),
};

const french: MailTexts = {
  resetSubject: 'Réinitialisez votre mot de passe Commonweave',
  resetBody: (link) => `Un nouveau mot de passe a été demandé pour votre compte.\nChoisissez-le ici dans les 60 minutes : ${link}\nSi vous ne l'avez pas demandé, ignorez ce message.\n`,
  signInSubject: 'Votre code de connexion Commonweave',
  signInBody: (code) => `Votre code de connexion est ${code}. Il est valable 10 minutes et ne sert qu'une fois.\nSi vous n'avez pas essayé de vous connecter, changez votre mot de passe.\n`,
  securitySubject: 'Votre code de sécurité Commonweave',
  securityBody: (code) => `Votre code pour confirmer une modification de la sécurité de votre compte est ${code}. Il est valable 10 minutes et ne sert qu'une fois.\nSi vous ne l'avez pas demandé, changez votre mot de passe.\n`,
  greeting: (name) => (name === '' ? 'Bonjour,' : `Bonjour ${name},`),
  inviterOf: (inviter, organization) => `${inviter} (${organization})`,
  closing: (days) => `Le lien ne sert qu'une fois et reste valable ${days} jours. Si vous n'attendiez pas ce message, ignorez-le.\n`,
  surveySubject: (organization) => `${organization} vous invite à son enquête sur la diversité culturelle`,
  surveyBody: (from, link) =>
    `${from} vous invite à répondre à son enquête sur la diversité culturelle sur Commonweave. ` +
    `Elle prend 3 à 5 minutes, et vos réponses individuelles ne sont jamais montrées à personne.\n` +
    `Ouvrez l'enquête ici : ${link}\n`,
  accountSubject: (organization) => `Vous êtes invité·e à rejoindre ${organization} sur Commonweave`,
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
    return `${from} vous invite à rejoindre ${organization} sur Commonweave ${as}.\nAcceptez l'invitation et choisissez votre mot de passe ici : ${link}\n`;
  },
  day: dayIn('fr'),
  ssoDomainSubject: 'Confirmez votre domaine pour l’authentification unique',
  ssoDomainBody: (domain, organization, code) =>
    `${organization} souhaite que les personnes ayant une adresse en ${domain} se connectent à Commonweave par son propre fournisseur d’identité.\nPour confirmer que ce domaine appartient à ${organization}, saisissez ce code dans les paramètres de l’organisation d’ici 24 heures : ${code}\nSi vous n’êtes pas au courant, ignorez ce message.\n`,
  campaignSubject: (organization, survey, reminder) => `${reminder ? 'Rappel : ' : ''}${organization} vous invite à répondre à l'enquête « ${survey} »`,
  campaignBody: (organization, survey, reminder, anonymous) =>
    `${reminder ? `Si vous n'avez pas encore répondu à l'enquête « ${survey} » de ${organization}, il est encore temps` : `${organization} vous invite à répondre à l'enquête « ${survey} »`} : cela prend 3 à 5 minutes.` +
    `${anonymous ? ' Vos réponses sont anonymes : personne ne peut voir qui a répondu quoi.' : ''}\n`,
  campaignLink: (link, until) => `Ouvrez votre lien personnel : ${link}\nIl ne sert qu'une fois, jusqu'au ${until}.\n`,
  campaignUntil: momentIn('fr'),
  unsubscribeLine: (link) => `Pour ne plus recevoir ces invitations et rappels : ${link}\n`,
  welcomeSubject: 'Bienvenue sur Commonweave',
  welcomeBody: (organization, link) => `${organization} est inscrite sur Commonweave et vous en êtes l'administrateur·rice.\nConnectez-vous sur ${link} avec cette adresse e-mail.\n`,
  linkSubject: (organization, survey) => `${organization} vous invite à répondre à l'enquête « ${survey} »`,
  linkBody: (organization, survey, anonymous) =>
    `${organization} vous invite à répondre à l'enquête « ${survey} ». Elle prend 3 à 5 minutes.${anonymous ? " Vos réponses sont anonymes : l'enquête ne demande pas votre nom." : ''}\n`,
  linkNote: (sender) => `Un message de ${sender} :`,
  linkOpen: (link) => `Ouvrez l'enquête : ${link}\n`,
  linkUntil: (when) => `Le lien fonctionne jusqu'au ${when}.\n`,
  answersSubject: (organization, edited) => `${edited ? 'Vos réponses modifiées' : 'Vos réponses'} à l'enquête sur la diversité culturelle de ${organization}`,
  answersBody: (organization, edited) =>
    edited ? `Vos réponses modifiées à l'enquête sur la diversité culturelle de ${organization} sont enregistrées.\n` : `Merci d'avoir répondu à l'enquête sur la diversité culturelle de ${organization}.\n`,
  answersLinks: (edit, erase, days) =>
    `Pour modifier vos réponses, ouvrez : ${edit}\nPour effacer vos réponses, ouvrez : ${erase}\n\n` +
    `Chaque lien ne sert qu'une fois et reste valable ${days} jours ; modifier vos réponses vous envoie de nouveaux liens. ` +
    `Gardez cet e-mail pour vous : toute personne qui a ces liens peut voir ou effacer vos réponses.\n`,
  reminderSubject: (days) => `Votre forfait Commonweave se termine dans ${days} jour${days <= 1 ? '' : 's'}`,
  reminderBody: (organization, lastDay) =>
    `Le forfait de ${organization} se termine le ${lastDay} (UTC).\n\n` +
    "Après ce jour, les tableaux de bord ferment : personne de votre organisation ne peut s'y connecter tant que le forfait n'est pas renouvelé, et les liens d'enquête n'acceptent plus de réponses.\n\n" +
    'Pour continuer, ouvrez la page Mettre à niveau le compte et demandez plus de temps ou de places.',
  requestSubject: (organization) => `Demande de forfait de ${organization}`,
  requestBody: (r) =>
    [
      `${r.from} demande davantage pour ${r.organization} (${r.organizationId}).`,
      `Places voulues au total : ${r.seats ?? 'pas de changement'}.`,
      `Mois de plus : ${r.months ?? 'pas de changement'}.`,
      `Note : ${r.note === '' ? '(aucune)' : r.note}`,
      `Actuellement : ${r.promised} places promises sur ${r.capacity}, ${r.answers} réponses, forfait ${r.status}, fin ${r.endsAt ?? 'jamais'}.`,
      `Pour l'accorder : ${grantCommands(r.organizationId)}.`,
    ].join('\n'),
};

const spanish: MailTexts = {
  resetSubject: 'Restablezca su contraseña de Commonweave',
  resetBody: (link) => `Se ha pedido una nueva contraseña para su cuenta.\nElíjala aquí en los próximos 60 minutos: ${link}\nSi no la pidió, ignore este mensaje.\n`,
  signInSubject: 'Su código de inicio de sesión de Commonweave',
  signInBody: (code) => `Su código de inicio de sesión es ${code}. Es válido durante 10 minutos y solo se puede usar una vez.\nSi no intentó iniciar sesión, cambie su contraseña.\n`,
  securitySubject: 'Su código de seguridad de Commonweave',
  securityBody: (code) => `Su código para confirmar un cambio en la seguridad de su cuenta es ${code}. Es válido durante 10 minutos y solo se puede usar una vez.\nSi no lo pidió, cambie su contraseña.\n`,
  greeting: (name) => (name === '' ? 'Hola:' : `Hola, ${name}:`),
  inviterOf: (inviter, organization) => `${inviter}, de ${organization},`,
  closing: (days) => `El enlace funciona una sola vez y durante ${days} días. Si no esperaba este mensaje, ignórelo.\n`,
  surveySubject: (organization) => `${organization} le invita a su encuesta de diversidad cultural`,
  surveyBody: (from, link) =>
    `${from} le invita a responder su encuesta de diversidad cultural en Commonweave. ` +
    `Lleva de 3 a 5 minutos, y sus respuestas individuales nunca se muestran a nadie.\n` +
    `Abra la encuesta aquí: ${link}\n`,
  accountSubject: (organization) => `Le invitan a unirse a ${organization} en Commonweave`,
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
    return `${from} le invita a unirse a ${organization} en Commonweave ${as}.\nAcepte la invitación y elija su contraseña aquí: ${link}\n`;
  },
  day: dayIn('es'),
  ssoDomainSubject: 'Confirme su dominio para el inicio de sesión único',
  ssoDomainBody: (domain, organization, code) =>
    `${organization} quiere que las personas con una dirección en ${domain} inicien sesión en Commonweave con su propio proveedor de identidad.\nPara confirmar que este dominio pertenece a ${organization}, introduzca este código en la configuración de la organización en un plazo de 24 horas: ${code}\nSi no sabe nada de esto, ignore este mensaje.\n`,
  campaignSubject: (organization, survey, reminder) => `${reminder ? 'Recordatorio: ' : ''}${organization} le invita a responder la encuesta «${survey}»`,
  campaignBody: (organization, survey, reminder, anonymous) =>
    `${reminder ? `Si aún no ha respondido la encuesta «${survey}» de ${organization}, todavía está a tiempo` : `${organization} le invita a responder la encuesta «${survey}»`}: le llevará de 3 a 5 minutos.` +
    `${anonymous ? ' Sus respuestas son anónimas: nadie puede ver quién respondió qué.' : ''}\n`,
  campaignLink: (link, until) => `Abra su enlace personal: ${link}\nFunciona una sola vez, hasta el ${until}.\n`,
  campaignUntil: momentIn('es'),
  unsubscribeLine: (link) => `Para dejar de recibir estas invitaciones y recordatorios: ${link}\n`,
  welcomeSubject: 'Bienvenido a Commonweave',
  welcomeBody: (organization, link) => `${organization} está registrada en Commonweave y usted es su administrador.\nInicie sesión en ${link} con esta dirección de correo.\n`,
  linkSubject: (organization, survey) => `${organization} le invita a responder la encuesta «${survey}»`,
  linkBody: (organization, survey, anonymous) =>
    `${organization} le invita a responder la encuesta «${survey}». Lleva de 3 a 5 minutos.${anonymous ? ' Sus respuestas son anónimas: la encuesta no pide su nombre.' : ''}\n`,
  linkNote: (sender) => `Un mensaje de ${sender}:`,
  linkOpen: (link) => `Abra la encuesta: ${link}\n`,
  linkUntil: (when) => `El enlace funciona hasta el ${when}.\n`,
  answersSubject: (organization, edited) => `${edited ? 'Sus respuestas modificadas' : 'Sus respuestas'} a la encuesta de diversidad cultural de ${organization}`,
  answersBody: (organization, edited) =>
    edited ? `Sus respuestas modificadas a la encuesta de diversidad cultural de ${organization} están guardadas.\n` : `Gracias por responder la encuesta de diversidad cultural de ${organization}.\n`,
  answersLinks: (edit, erase, days) =>
    `Para cambiar sus respuestas, abra: ${edit}\nPara borrar sus respuestas, abra: ${erase}\n\n` +
    `Cada enlace funciona una sola vez y durante ${days} días; al cambiar sus respuestas recibirá enlaces nuevos. ` +
    `No comparta este correo: cualquiera con estos enlaces puede ver o borrar sus respuestas.\n`,
  reminderSubject: (days) => `Su paquete de Commonweave termina en ${days} día${days === 1 ? '' : 's'}`,
  reminderBody: (organization, lastDay) =>
    `El paquete de ${organization} termina el ${lastDay} (UTC).\n\n` +
    'Después de ese día los paneles se cierran: nadie de su organización puede iniciar sesión en ellos hasta que se renueve el paquete, y los enlaces de encuesta dejan de aceptar respuestas.\n\n' +
    'Para continuar, abra la página Mejorar la cuenta y pida más tiempo o plazas.',
  requestSubject: (organization) => `Solicitud de paquete de ${organization}`,
  requestBody: (r) =>
    [
      `${r.from} pide más para ${r.organization} (${r.organizationId}).`,
      `Plazas deseadas en total: ${r.seats ?? 'sin cambios'}.`,
      `Meses más: ${r.months ?? 'sin cambios'}.`,
      `Nota: ${r.note === '' ? '(ninguna)' : r.note}`,
      `Ahora: ${r.promised} de ${r.capacity} plazas prometidas, ${r.answers} respuestas, paquete ${r.status}, termina ${r.endsAt ?? 'nunca'}.`,
      `Para concederlo: ${grantCommands(r.organizationId)}.`,
    ].join('\n'),
};

// "in 1 day", "in 2 days", "in 3 to 10 days", "in 11 days and more", as Arabic counts them.
const arabicDays = (days: number): string => {
  if (days === 1) return 'خلال يوم واحد';
  if (days === 2) return 'خلال يومين';
  return days >= 3 && days <= 10 ? `خلال ${days} أيام` : `خلال ${days} يومًا`;
};

// Right to left: a link or a code stands on its own line, so that it reads whole, left to right.
const arabic: MailTexts = {
  resetSubject: 'إعادة تعيين كلمة مرور Commonweave',
  resetBody: (link) => `طُلبت كلمة مرور جديدة لحسابك.\nاخترها خلال 60 دقيقة من هنا:\n${link}\nإذا لم تطلبها، فتجاهل هذه الرسالة.\n`,
  signInSubject: 'رمز تسجيل الدخول إلى Commonweave',
  signInBody: (code) => `رمز تسجيل الدخول الخاص بك هو:\n${code}\nوهو صالح لمدة 10 دقائق ويُستخدم مرة واحدة.\nإذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور.\n`,
  securitySubject: 'رمز الأمان لحسابك في Commonweave',
  securityBody: (code) => `رمز تأكيد تغيير إعدادات أمان حسابك هو:\n${code}\nوهو صالح لمدة 10 دقائق ويُستخدم مرة واحدة.\nإذا لم تطلبه، فغيّر كلمة المرور.\n`,
  greeting: (name) => (name === '' ? 'مرحبًا،' : `مرحبًا ${name}،`),
  inviterOf: (inviter, organization) => `${inviter} من ${organization}`,
  closing: (days) => `يعمل الرابط مرة واحدة ولمدة ${days} أيام. إذا لم تكن تتوقع هذه الرسالة، فتجاهلها.\n`,
  surveySubject: (organization) => `تدعوك ${organization} إلى استبيانها عن التنوع الثقافي`,
  surveyBody: (from, link) =>
    `يدعوك ${from} إلى الإجابة عن استبيان التنوع الثقافي على Commonweave. ` +
    `يستغرق من 3 إلى 5 دقائق، ولا تُعرض إجاباتك الفردية على أحد أبدًا.\n` +
    `افتح الاستبيان من هنا:\n${link}\n`,
  accountSubject: (organization) => `أنت مدعو إلى ${organization} على Commonweave`,
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
    return `يدعوك ${from} إلى الانضمام إلى ${organization} على Commonweave ${as}.\nاقبل الدعوة واختر كلمة المرور من هنا:\n${link}\n`;
  },
  day: dayIn('ar'),
  ssoDomainSubject: 'أكّد نطاقك لتسجيل الدخول الموحّد',
  ssoDomainBody: (domain, organization, code) =>
    `تريد ${organization} أن يسجّل الأشخاص الذين لديهم عنوان في ${domain} الدخول إلى Commonweave عبر مزوّد الهوية الخاص بها.\nلتأكيد أن هذا النطاق يخص ${organization}، أدخل هذا الرمز في إعدادات المؤسسة خلال 24 ساعة: ${code}\nإذا لم تكن على علم بذلك، فتجاهل هذه الرسالة.\n`,
  campaignSubject: (organization, survey, reminder) => `${reminder ? 'تذكير: ' : ''}تدعوك ${organization} إلى الإجابة عن «${survey}»`,
  campaignBody: (organization, survey, reminder, anonymous) =>
    `${reminder ? `إذا لم تُجب بعد عن «${survey}» من ${organization}، فما زال هناك وقت` : `تدعوك ${organization} إلى الإجابة عن «${survey}»`}: يستغرق ذلك من 3 إلى 5 دقائق.` +
    `${anonymous ? ' إجاباتك مجهولة الهوية: لا يمكن لأحد أن يرى من أجاب بماذا.' : ''}\n`,
  campaignLink: (link, until) => `افتح رابطك الشخصي:\n${link}\nيعمل مرة واحدة، حتى ${until}.\n`,
  campaignUntil: momentIn('ar'),
  unsubscribeLine: (link) => `لإيقاف تلقي هذه الدعوات والتذكيرات:\n${link}\n`,
  welcomeSubject: 'مرحبًا بك في Commonweave',
  welcomeBody: (organization, link) => `سُجّلت ${organization} على Commonweave وأنت مسؤولها.\nسجّل الدخول بعنوان البريد الإلكتروني هذا من هنا:\n${link}\n`,
  linkSubject: (organization, survey) => `تدعوك ${organization} إلى الإجابة عن «${survey}»`,
  linkBody: (organization, survey, anonymous) =>
    `تدعوك ${organization} إلى الإجابة عن «${survey}». يستغرق من 3 إلى 5 دقائق.${anonymous ? ' إجاباتك مجهولة الهوية: لا يطلب الاستبيان اسمك.' : ''}\n`,
  linkNote: (sender) => `رسالة من ${sender}:`,
  linkOpen: (link) => `افتح الاستبيان من هنا:\n${link}\n`,
  linkUntil: (when) => `يعمل الرابط حتى:\n${when}\n`,
  answersSubject: (organization, edited) => `${edited ? 'إجاباتك المعدّلة' : 'إجاباتك'} عن استبيان التنوع الثقافي لدى ${organization}`,
  answersBody: (organization, edited) =>
    edited ? `حُفظت إجاباتك المعدّلة عن استبيان التنوع الثقافي لدى ${organization}.\n` : `شكرًا لإجابتك عن استبيان التنوع الثقافي لدى ${organization}.\n`,
  answersLinks: (edit, erase, days) =>
    `لتغيير إجاباتك، افتح:\n${edit}\nلمحو إجاباتك، افتح:\n${erase}\n\n` +
    `يعمل كل رابط مرة واحدة ولمدة ${days} أيام؛ وتغيير إجاباتك يرسل إليك روابط جديدة. ` +
    `احتفظ بهذه الرسالة لنفسك: يستطيع أي شخص لديه هذه الروابط رؤية إجاباتك أو محوها.\n`,
  reminderSubject: (days) => `تنتهي باقة Commonweave الخاصة بك ${arabicDays(days)}`,
  reminderBody: (organization, lastDay) =>
    `تنتهي باقة ${organization} في ${lastDay} (بالتوقيت العالمي).\n\n` +
    'بعد ذلك اليوم تُغلق لوحات المعلومات: لا يستطيع أحد في مؤسستك تسجيل الدخول إليها حتى تُجدَّد الباقة، وتتوقف روابط الاستبيان عن قبول الإجابات.\n\n' +
    'للمتابعة، افتح صفحة ترقية الحساب واطلب مزيدًا من الوقت أو المقاعد.',
  requestSubject: (organization) => `طلب باقة من ${organization}`,
  requestBody: (r) =>
    [
      `يطلب ${r.from} المزيد لـ ${r.organization} (${r.organizationId}).`,
      `المقاعد المطلوبة إجمالًا: ${r.seats ?? 'دون تغيير'}.`,
      `أشهر إضافية: ${r.months ?? 'دون تغيير'}.`,
      `ملاحظة: ${r.note === '' ? '(لا شيء)' : r.note}`,
      `الآن: ${r.promised} من ${r.capacity} مقعدًا موعودًا، ${r.answers} إجابة، الباقة ${r.status}، تنتهي ${r.endsAt ?? 'أبدًا'}.`,
      `لمنحه:\n${grantCommands(r.organizationId)}`,
    ].join('\n'),
};

const chinese: MailTexts = {
  resetSubject: '重置您的 Commonweave 密码',
  resetBody: (link) => `有人为您的账户申请了新密码。\n请在 60 分钟内在此设置：${link}\n如果这不是您本人的申请，请忽略此邮件。\n`,
  signInSubject: '您的 Commonweave 登录验证码',
  signInBody: (code) => `您的登录验证码是 ${code}。有效期 10 分钟，仅可使用一次。\n如果您没有尝试登录，请修改密码。\n`,
  securitySubject: '您的 Commonweave 安全验证码',
  securityBody: (code) => `用于确认更改账户安全设置的验证码是 ${code}。有效期 10 分钟，仅可使用一次。\n如果这不是您本人的申请，请修改密码。\n`,
  greeting: (name) => (name === '' ? '您好：' : `${name}，您好：`),
  inviterOf: (inviter, organization) => `${organization}的${inviter}`,
  closing: (days) => `该链接仅可使用一次，有效期 ${days} 天。如果您没有预期收到此邮件，请忽略。\n`,
  surveySubject: (organization) => `${organization}邀请您参加文化多样性调查`,
  surveyBody: (from, link) =>
    `${from}邀请您在 Commonweave 上回答其文化多样性调查。` +
    `只需 3 到 5 分钟，您的个人回答绝不会向任何人展示。\n` +
    `在此打开调查：${link}\n`,
  accountSubject: (organization) => `您受邀加入 Commonweave 上的${organization}`,
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
    return `${from}邀请您加入 Commonweave 上的${organization}，${as}。\n在此接受邀请并设置密码：${link}\n`;
  },
  day: dayIn('zh-Hans'),
  ssoDomainSubject: '确认您用于单点登录的域名',
  ssoDomainBody: (domain, organization, code) =>
    `${organization} 希望地址属于 ${domain} 的人员通过其自己的身份提供商登录 Commonweave。\n要确认此域名属于 ${organization}，请在 24 小时内于组织设置中输入此验证码：${code}\n如果您不了解此事，请忽略此邮件。\n`,
  campaignSubject: (organization, survey, reminder) => `${reminder ? '提醒：' : ''}${organization}邀请您参加“${survey}”`,
  campaignBody: (organization, survey, reminder, anonymous) =>
    `${reminder ? `如果您尚未参加${organization}的“${survey}”，现在仍然来得及` : `${organization}邀请您参加“${survey}”`}，大约需要 3 到 5 分钟。` +
    `${anonymous ? '您的回答是匿名的：没有人能看到谁回答了什么。' : ''}\n`,
  campaignLink: (link, until) => `请打开您的个人链接：${link}\n该链接仅可使用一次，有效期至 ${until}。\n`,
  campaignUntil: momentIn('zh-Hans'),
  unsubscribeLine: (link) => `如不想再收到这些邀请和提醒：${link}\n`,
  welcomeSubject: '欢迎使用 Commonweave',
  welcomeBody: (organization, link) => `${organization}已在 Commonweave 上注册，您是其管理员。\n请使用此邮箱地址在此登录：${link}\n`,
  linkSubject: (organization, survey) => `${organization}邀请您参加“${survey}”`,
  linkBody: (organization, survey, anonymous) =>
    `${organization}邀请您参加“${survey}”。只需 3 到 5 分钟。${anonymous ? '您的回答是匿名的：调查不会询问您的姓名。' : ''}\n`,
  linkNote: (sender) => `${sender}的留言：`,
  linkOpen: (link) => `打开调查：${link}\n`,
  linkUntil: (when) => `该链接的有效期至 ${when}。\n`,
  answersSubject: (organization, edited) => `您对${organization}文化多样性调查的${edited ? '修改后回答' : '回答'}`,
  answersBody: (organization, edited) => (edited ? `您对${organization}文化多样性调查的修改后回答已保存。\n` : `感谢您回答${organization}的文化多样性调查。\n`),
  answersLinks: (edit, erase, days) =>
    `如需修改回答，请打开：${edit}\n如需删除回答，请打开：${erase}\n\n` +
    `每个链接仅可使用一次，有效期 ${days} 天；修改回答后会收到新的链接。` +
    `请勿转发此邮件：任何拥有这些链接的人都可以查看或删除您的回答。\n`,
  reminderSubject: (days) => `您的 Commonweave 套餐将在 ${days} 天后到期`,
  reminderBody: (organization, lastDay) =>
    `${organization}的套餐将于 ${lastDay}（UTC）到期。\n\n` +
    '此后仪表板将关闭：在续订套餐之前，贵组织的任何人都无法登录，调查链接也将停止接收回答。\n\n' +
    '如需继续使用，请打开“升级账户”页面，申请更多时间或名额。',
  requestSubject: (organization) => `${organization}的套餐申请`,
  requestBody: (r) =>
    [
      `${r.from}为${r.organization}（${r.organizationId}）申请更多内容。`,
      `所需名额总数：${r.seats ?? '不变'}。`,
      `增加月数：${r.months ?? '不变'}。`,
      `备注：${r.note === '' ? '（无）' : r.note}`,
      `目前：已承诺 ${r.promised} / ${r.capacity} 个名额，${r.answers} 份回答，套餐状态 ${r.status}，到期 ${r.endsAt ?? '永不'}。`,
      `如需批准：${grantCommands(r.organizationId)}。`,
    ].join('\n'),
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
