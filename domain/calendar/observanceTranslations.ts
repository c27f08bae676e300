/**
 * The observances' names and descriptions in the product's other languages, by observance key
 * (domain/calendar/observances.ts). An observance or language missing here is shown in English.
 */
export type ObservanceLanguage = 'fr' | 'es' | 'ar' | 'zh';

export interface ObservanceText {
  readonly name: string;
  readonly description: string;
}

type Pair = readonly [name: string, description: string];

const texts = (fr: Pair, es: Pair, ar: Pair, zh: Pair): Record<ObservanceLanguage, ObservanceText> => ({
  fr: { name: fr[0], description: fr[1] },
  es: { name: es[0], description: es[1] },
  ar: { name: ar[0], description: ar[1] },
  zh: { name: zh[0], description: zh[1] },
});

export const OBSERVANCE_TRANSLATIONS: Readonly<Record<string, Partial<Record<ObservanceLanguage, ObservanceText>>>> = {
  'lunar-new-year': texts(
    ['Nouvel An lunaire', "Le premier jour de l'année lunisolaire, fêté en famille avec des vœux de bonne année."],
    ['Año Nuevo lunar', 'El primer día del año lunisolar, celebrado con reuniones familiares y deseos de un buen año.'],
    ['رأس السنة القمرية', 'اليوم الأول من السنة القمرية الشمسية، يُحتفى به بلمّ شمل العائلات والتمنيات بعام طيب.'],
    ['农历新年', '农历一年的第一天，家人团聚，祈愿新年顺遂。'],
  ),
  'mid-autumn': texts(
    ['Fête de la mi-automne', 'Une fête des récoltes à la pleine lune du huitième mois lunaire, souvent partagée autour de gâteaux de lune.'],
    ['Festival del Medio Otoño', 'Una fiesta de la cosecha en la luna llena del octavo mes lunar, a menudo compartida con pasteles de luna.'],
    ['مهرجان منتصف الخريف', 'عيد حصاد عند اكتمال القمر في الشهر القمري الثامن، تُتشارك فيه كعكات القمر.'],
    ['中秋节', '农历八月十五月圆时的丰收节，常与家人分享月饼。'],
  ),
  'buddha-birthday-east': texts(
    ["Anniversaire de Bouddha (Asie de l'Est)", "La naissance du Bouddha selon les traditions d'Asie de l'Est, le huitième jour du quatrième mois lunaire."],
    ['Cumpleaños de Buda (Asia oriental)', 'El nacimiento de Buda según las tradiciones de Asia oriental, el octavo día del cuarto mes lunar.'],
    ['مولد بوذا (شرق آسيا)', 'ذكرى مولد بوذا في تقاليد شرق آسيا، في اليوم الثامن من الشهر القمري الرابع.'],
    ['佛诞（东亚）', '东亚传统中的佛陀诞辰，农历四月初八。'],
  ),
  ramadan: texts(
    ['Début du ramadan', "Le début du mois de jeûne de l'aube au coucher du soleil, de prière et de partage."],
    ['Comienzo del Ramadán', 'El comienzo del mes de ayuno del alba al ocaso, de oración y de generosidad.'],
    ['بداية شهر رمضان', 'بداية شهر الصيام من الفجر إلى المغرب، شهر الصلاة والعطاء.'],
    ['斋月开始', '从黎明到日落斋戒、祈祷与施舍之月的开始。'],
  ),
  'eid-al-fitr': texts(
    ['Aïd el-Fitr', 'La fête qui clôt le ramadan, avec prière, repas et cadeaux.'],
    ['Eid al-Fitr', 'La fiesta que cierra el Ramadán, con oración, comidas y regalos.'],
    ['عيد الفطر', 'العيد الذي يختتم شهر رمضان، بالصلاة والولائم والهدايا.'],
    ['开斋节', '斋月结束的节日，有礼拜、聚餐和赠礼。'],
  ),
  'eid-al-adha': texts(
    ['Aïd el-Adha', 'La fête du sacrifice, au moment du pèlerinage à La Mecque.'],
    ['Eid al-Adha', 'La fiesta del sacrificio, en el tiempo de la peregrinación a La Meca.'],
    ['عيد الأضحى', 'عيد التضحية في موسم الحج إلى مكة.'],
    ['古尔邦节（宰牲节）', '麦加朝觐期间的宰牲节。'],
  ),
  'islamic-new-year': texts(
    ['Nouvel An islamique', "Le premier jour du mois de mouharram, qui ouvre l'année de l'hégire."],
    ['Año Nuevo islámico', 'El primer día del mes de Muharram, que abre el año de la Hégira.'],
    ['رأس السنة الهجرية', 'اليوم الأول من شهر محرم، وبه تبدأ السنة الهجرية.'],
    ['伊斯兰新年', '穆哈兰姆月第一天，伊斯兰历新年的开始。'],
  ),
  ashura: texts(
    ['Achoura', 'Le dixième jour de mouharram, jour de jeûne pour beaucoup et de deuil pour les musulmans chiites.'],
    ['Ashura', 'El décimo día de Muharram, día de ayuno para muchos y de duelo para los musulmanes chiíes.'],
    ['عاشوراء', 'اليوم العاشر من محرم، يوم صيام لكثيرين ويوم حداد لدى المسلمين الشيعة.'],
    ['阿舒拉节', '穆哈兰姆月第十天，许多人斋戒，什叶派穆斯林以此日哀悼。'],
  ),
  mawlid: texts(
    ['Mawlid', 'La naissance du prophète Mahomet, célébrée par de nombreux musulmans.'],
    ['Mawlid', 'El nacimiento del profeta Mahoma, celebrado por muchos musulmanes.'],
    ['المولد النبوي', 'ذكرى مولد النبي محمد، يحييها كثير من المسلمين.'],
    ['圣纪节', '先知穆罕默德的诞辰，许多穆斯林纪念此日。'],
  ),
  'rosh-hashanah': texts(
    ['Roch Hachana', 'Le Nouvel An juif, qui ouvre dix jours de réflexion.'],
    ['Rosh Hashaná', 'El Año Nuevo judío, que abre diez días de reflexión.'],
    ['رأس السنة العبرية', 'رأس السنة اليهودية، وبه تبدأ عشرة أيام من التأمل.'],
    ['犹太新年', '犹太历新年，开启十天的反省期。'],
  ),
  'yom-kippur': texts(
    ['Yom Kippour', 'Le Grand Pardon, observé par le jeûne et la prière.'],
    ['Yom Kipur', 'El Día del Perdón, guardado con ayuno y oración.'],
    ['يوم الغفران', 'يوم الكفارة، يُحيا بالصيام والصلاة.'],
    ['赎罪日', '以斋戒和祈祷度过的赎罪之日。'],
  ),
  sukkot: texts(
    ['Soukkot', "Une fête des récoltes d'une semaine, rappelée dans des cabanes provisoires."],
    ['Sucot', 'Una fiesta de la cosecha de una semana, recordada en cabañas provisionales.'],
    ['عيد العُرش', 'عيد حصاد يمتد أسبوعًا، يُستذكر في مظال مؤقتة.'],
    ['住棚节', '为期一周的丰收节，人们在临时棚屋中纪念。'],
  ),
  hanukkah: texts(
    ['Hanoukka', 'La fête des lumières, huit jours durant lesquels une bougie est allumée chaque soir.'],
    ['Janucá', 'La fiesta de las luces, ocho días en los que se enciende una vela cada noche.'],
    ['عيد الأنوار (حانوكا)', 'عيد الأنوار، ثمانية أيام تُضاء فيها شمعة كل مساء.'],
    ['光明节', '为期八天的灯节，每晚点亮一支蜡烛。'],
  ),
  purim: texts(
    ['Pourim', "Une fête joyeuse qui rappelle l'histoire d'Esther."],
    ['Purim', 'Una fiesta alegre que recuerda la historia de Ester.'],
    ['عيد المساخر (بوريم)', 'عيد بهيج يستذكر قصة إستير.'],
    ['普珥节', '纪念以斯帖故事的欢乐节日。'],
  ),
  passover: texts(
    ['Pessa\u0125', "La fête de la liberté qui rappelle l'Exode, ouverte par le repas du Séder."],
    ['Pésaj', 'La fiesta de la libertad que recuerda el Éxodo, abierta con la cena del Séder.'],
    ['عيد الفصح اليهودي', 'عيد الحرية الذي يستذكر الخروج من مصر، ويُفتتح بعشاء السيدر.'],
    ['逾越节', '纪念出埃及的自由节日，以逾越节家宴开始。'],
  ),
  shavuot: texts(
    ['Chavouot', 'La fête des semaines, qui rappelle le don de la Torah.'],
    ['Shavuot', 'La fiesta de las semanas, que recuerda la entrega de la Torá.'],
    ['عيد الأسابيع', 'عيد الأسابيع الذي يستذكر نزول التوراة.'],
    ['七七节', '七七节，纪念颁赐妥拉。'],
  ),
  'ash-wednesday': texts(
    ['Mercredi des Cendres', "Le premier jour du carême dans les Églises chrétiennes d'Occident."],
    ['Miércoles de Ceniza', 'El primer día de la Cuaresma en las iglesias cristianas de Occidente.'],
    ['أربعاء الرماد', 'اليوم الأول من الصوم الكبير في الكنائس المسيحية الغربية.'],
    ['圣灰星期三', '西方基督教会大斋期的第一天。'],
  ),
  'good-friday': texts(
    ['Vendredi saint', 'Les chrétiens se souviennent de la crucifixion de Jésus.'],
    ['Viernes Santo', 'Los cristianos recuerdan la crucifixión de Jesús.'],
    ['الجمعة العظيمة', 'يستذكر المسيحيون صلب يسوع.'],
    ['耶稣受难日', '基督徒纪念耶稣被钉十字架。'],
  ),
  easter: texts(
    ['Pâques', 'Les chrétiens célèbrent la résurrection de Jésus.'],
    ['Domingo de Pascua', 'Los cristianos celebran la resurrección de Jesús.'],
    ['عيد الفصح', 'يحتفل المسيحيون بقيامة يسوع.'],
    ['复活节', '基督徒庆祝耶稣复活。'],
  ),
  pentecost: texts(
    ['Pentecôte', "Cinquante jours après Pâques, les chrétiens fêtent la venue de l'Esprit saint."],
    ['Pentecostés', 'Cincuenta días después de Pascua, los cristianos celebran la venida del Espíritu Santo.'],
    ['عيد العنصرة', 'بعد خمسين يومًا من الفصح، يحتفل المسيحيون بحلول الروح القدس.'],
    ['五旬节（圣灵降临节）', '复活节后第五十天，基督徒纪念圣灵降临。'],
  ),
  christmas: texts(
    ['Noël', 'Les chrétiens célèbrent la naissance de Jésus.'],
    ['Navidad', 'Los cristianos celebran el nacimiento de Jesús.'],
    ['عيد الميلاد المجيد', 'يحتفل المسيحيون بميلاد يسوع.'],
    ['圣诞节', '基督徒庆祝耶稣诞生。'],
  ),
  'orthodox-easter': texts(
    ['Pâques orthodoxe', 'Pâques selon le calendrier des Églises orthodoxes orientales.'],
    ['Pascua ortodoxa', 'La Pascua según el calendario de las iglesias ortodoxas orientales.'],
    ['عيد الفصح الأرثوذكسي', 'عيد الفصح وفق تقويم الكنائس الأرثوذكسية الشرقية.'],
    ['东正教复活节', '按东正教会历法计算的复活节。'],
  ),
  'orthodox-christmas': texts(
    ['Noël orthodoxe', 'Noël tel que le célèbrent les Églises qui suivent le calendrier julien.'],
    ['Navidad ortodoxa', 'La Navidad tal como la celebran las iglesias que siguen el calendario juliano.'],
    ['عيد الميلاد الأرثوذكسي', 'عيد الميلاد كما تحتفل به الكنائس التي تتبع التقويم اليولياني.'],
    ['东正教圣诞节', '遵循儒略历的教会所庆祝的圣诞节。'],
  ),
  nowruz: texts(
    ['Norouz', "Le Nouvel An persan à l'équinoxe de printemps, fêté aussi par les zoroastriens et les bahá'ís."],
    ['Nouruz', 'El Año Nuevo persa en el equinoccio de primavera, también celebrado por zoroastrianos y bahaíes.'],
    ['عيد النوروز', 'رأس السنة الفارسية عند الاعتدال الربيعي، ويحتفل به الزرادشتيون والبهائيون أيضًا.'],
    ['诺鲁孜节', '春分时的波斯新年，琐罗亚斯德教徒和巴哈伊教徒也庆祝。'],
  ),
  'pohela-boishakh': texts(
    ['Pohela Boishakh', 'Le Nouvel An bengali, avec foires, musique et processions.'],
    ['Pohela Boishakh', 'El Año Nuevo bengalí, con ferias, música y procesiones.'],
    ['رأس السنة البنغالية', 'رأس السنة البنغالية، بالأسواق والموسيقى والمواكب.'],
    ['孟加拉新年', '孟加拉新年，有集市、音乐和游行。'],
  ),
  'harmony-day': texts(
    ["Journée de l'harmonie", "La journée australienne de la diversité culturelle et de l'appartenance, le jour de l'ONU contre la discrimination raciale."],
    ['Día de la Armonía', 'El día australiano de la diversidad cultural y la pertenencia, en el día de la ONU contra la discriminación racial.'],
    ['يوم الوئام', 'يوم أستراليا للتنوع الثقافي والانتماء، في يوم الأمم المتحدة لمناهضة التمييز العنصري.'],
    ['和谐日', '澳大利亚的文化多样性与归属感之日，与联合国消除种族歧视日同日。'],
  ),
  'sorry-day': texts(
    ['Journée nationale du pardon', 'Rappelle les générations volées d’enfants aborigènes et insulaires du détroit de Torrès.'],
    ['Día Nacional del Perdón', 'Recuerda a las Generaciones Robadas de niños aborígenes e isleños del estrecho de Torres.'],
    ['اليوم الوطني للاعتذار', 'يستذكر الأجيال المسروقة من أطفال السكان الأصليين وسكان جزر مضيق توريس.'],
    ['全国道歉日', '纪念被偷走的一代原住民和托雷斯海峡岛民儿童。'],
  ),
  'reconciliation-week': texts(
    ['Semaine nationale de la réconciliation', 'Une semaine consacrée aux relations entre les peuples aborigènes et insulaires du détroit de Torrès et les autres Australiens.'],
    ['Semana Nacional de la Reconciliación', 'Una semana dedicada a las relaciones entre los pueblos aborígenes e isleños del estrecho de Torres y los demás australianos.'],
    ['أسبوع المصالحة الوطني', 'أسبوع للعلاقات بين السكان الأصليين وسكان جزر مضيق توريس وسائر الأستراليين.'],
    ['全国和解周', '关注原住民和托雷斯海峡岛民与其他澳大利亚人之间关系的一周。'],
  ),
  'naidoc-week': texts(
    ['Semaine NAIDOC', "Célèbre l'histoire, les cultures et les réussites des peuples aborigènes et insulaires du détroit de Torrès (début approximatif)."],
    ['Semana NAIDOC', 'Celebra la historia, las culturas y los logros de los pueblos aborígenes e isleños del estrecho de Torres (comienzo aproximado).'],
    ['أسبوع نايدوك', 'يحتفي بتاريخ السكان الأصليين وسكان جزر مضيق توريس وثقافاتهم وإنجازاتهم (بداية تقريبية).'],
    ['NAIDOC 周', '庆祝原住民和托雷斯海峡岛民的历史、文化与成就（开始日期为约数）。'],
  ),
  'mother-language-day': texts(
    ['Journée internationale de la langue maternelle', "Une journée de l'ONU pour la diversité linguistique et culturelle."],
    ['Día Internacional de la Lengua Materna', 'Un día de la ONU por la diversidad lingüística y cultural.'],
    ['اليوم الدولي للغة الأم', 'يوم للأمم المتحدة من أجل التنوع اللغوي والثقافي.'],
    ['国际母语日', '联合国倡导语言与文化多样性的纪念日。'],
  ),
  'womens-day': texts(
    ['Journée internationale des femmes', "Une journée pour les droits des femmes et l'égalité des genres."],
    ['Día Internacional de la Mujer', 'Un día por los derechos de las mujeres y la igualdad de género.'],
    ['اليوم الدولي للمرأة', 'يوم لحقوق المرأة والمساواة بين الجنسين.'],
    ['国际妇女节', '倡导妇女权利与性别平等的节日。'],
  ),
  'racial-discrimination-day': texts(
    ["Journée internationale pour l'élimination de la discrimination raciale", "Une journée de l'ONU contre le racisme et la discrimination."],
    ['Día Internacional de la Eliminación de la Discriminación Racial', 'Un día de la ONU contra el racismo y la discriminación.'],
    ['اليوم الدولي للقضاء على التمييز العنصري', 'يوم للأمم المتحدة لمناهضة العنصرية والتمييز.'],
    ['消除种族歧视国际日', '联合国反对种族主义和歧视的纪念日。'],
  ),
  'trans-visibility': texts(
    ['Journée de visibilité transgenre', 'Célèbre les personnes transgenres et de genre divers.'],
    ['Día de la Visibilidad Transgénero', 'Celebra a las personas transgénero y de género diverso.'],
    ['يوم الظهور العابر', 'يحتفي بالعابرين جنسيًا ومتنوعي النوع الاجتماعي.'],
    ['跨性别现身日', '颂扬跨性别者和性别多元者。'],
  ),
  idahobit: texts(
    ['IDAHOBIT', "Journée internationale contre l'homophobie, la biphobie, l'interphobie et la transphobie."],
    ['IDAHOBIT', 'Día Internacional contra la Homofobia, la Bifobia, la Interfobia y la Transfobia.'],
    ['IDAHOBIT', 'اليوم الدولي لمناهضة رهاب المثلية وثنائية الميول والتحول الجنسي وثنائية الجنس.'],
    ['IDAHOBIT', '国际反恐同、恐双、恐间性与恐跨日。'],
  ),
  'cultural-diversity-day': texts(
    ['Journée mondiale de la diversité culturelle', "La journée de l'ONU pour la diversité culturelle, le dialogue et le développement."],
    ['Día Mundial de la Diversidad Cultural', 'El día de la ONU por la diversidad cultural, el diálogo y el desarrollo.'],
    ['اليوم العالمي للتنوع الثقافي', 'يوم الأمم المتحدة للتنوع الثقافي والحوار والتنمية.'],
    ['世界文化多样性日', '联合国倡导文化多样性、对话与发展的纪念日。'],
  ),
  'refugee-day': texts(
    ['Journée mondiale des réfugiés', 'Rend hommage aux personnes contraintes de fuir leur foyer.'],
    ['Día Mundial de los Refugiados', 'Rinde homenaje a las personas obligadas a huir de sus hogares.'],
    ['اليوم العالمي للاجئين', 'يكرّم من أُجبروا على الفرار من ديارهم.'],
    ['世界难民日', '向被迫逃离家园的人们致敬。'],
  ),
  'humanist-day': texts(
    ["Journée mondiale de l'humanisme", "Une journée pour les valeurs humanistes, célébrée par beaucoup de personnes sans religion."],
    ['Día Mundial del Humanismo', 'Un día por los valores humanistas, celebrado por muchas personas sin religión.'],
    ['اليوم العالمي للإنسانوية', 'يوم للقيم الإنسانوية، يحييه كثير من غير المتدينين.'],
    ['世界人文主义日', '弘扬人文主义价值的日子，许多无宗教信仰者纪念此日。'],
  ),
  'indigenous-peoples-day': texts(
    ['Journée internationale des peuples autochtones', "Une journée de l'ONU pour les droits et les cultures des peuples autochtones."],
    ['Día Internacional de los Pueblos Indígenas', 'Un día de la ONU por los derechos y las culturas de los pueblos indígenas.'],
    ['اليوم الدولي للشعوب الأصلية', 'يوم للأمم المتحدة لحقوق الشعوب الأصلية وثقافاتها.'],
    ['世界土著人民国际日', '联合国关注土著人民权利与文化的纪念日。'],
  ),
  'youth-day': texts(
    ['Journée internationale de la jeunesse', "Une journée de l'ONU consacrée aux jeunes."],
    ['Día Internacional de la Juventud', 'Un día de la ONU dedicado a los jóvenes.'],
    ['اليوم الدولي للشباب', 'يوم للأمم المتحدة مخصص للشباب.'],
    ['国际青年日', '联合国关注青年的纪念日。'],
  ),
  'peace-day': texts(
    ['Journée internationale de la paix', "Une journée de l'ONU pour la paix et la non-violence."],
    ['Día Internacional de la Paz', 'Un día de la ONU por la paz y la no violencia.'],
    ['اليوم الدولي للسلام', 'يوم للأمم المتحدة من أجل السلام ونبذ العنف.'],
    ['国际和平日', '联合国倡导和平与非暴力的纪念日。'],
  ),
  'sign-languages-day': texts(
    ['Journée internationale des langues des signes', 'Célèbre les langues des signes et celles et ceux qui les pratiquent.'],
    ['Día Internacional de las Lenguas de Señas', 'Celebra las lenguas de señas y a las personas que las usan.'],
    ['اليوم الدولي للغات الإشارة', 'يحتفي بلغات الإشارة ومستخدميها.'],
    ['国际手语日', '颂扬手语及其使用者。'],
  ),
  'older-persons-day': texts(
    ['Journée internationale des personnes âgées', "Une journée de l'ONU consacrée aux personnes âgées."],
    ['Día Internacional de las Personas de Edad', 'Un día de la ONU dedicado a las personas mayores.'],
    ['اليوم الدولي لكبار السن', 'يوم للأمم المتحدة مخصص لكبار السن.'],
    ['国际老年人日', '联合国关注老年人的纪念日。'],
  ),
  'tolerance-day': texts(
    ['Journée internationale de la tolérance', "Une journée de l'ONU pour le respect mutuel entre les cultures."],
    ['Día Internacional para la Tolerancia', 'Un día de la ONU por el respeto mutuo entre culturas.'],
    ['اليوم الدولي للتسامح', 'يوم للأمم المتحدة من أجل الاحترام المتبادل بين الثقافات.'],
    ['国际宽容日', '联合国倡导不同文化相互尊重的纪念日。'],
  ),
  'disability-day': texts(
    ['Journée internationale des personnes handicapées', "Une journée de l'ONU pour l'inclusion des personnes handicapées."],
    ['Día Internacional de las Personas con Discapacidad', 'Un día de la ONU por la inclusión de las personas con discapacidad.'],
    ['اليوم الدولي للأشخاص ذوي الإعاقة', 'يوم للأمم المتحدة من أجل دمج الأشخاص ذوي الإعاقة.'],
    ['国际残疾人日', '联合国倡导残疾人融入社会的纪念日。'],
  ),
  'human-rights-day': texts(
    ["Journée des droits de l'homme", "Rappelle la Déclaration universelle des droits de l'homme."],
    ['Día de los Derechos Humanos', 'Conmemora la Declaración Universal de los Derechos Humanos.'],
    ['يوم حقوق الإنسان', 'يحيي ذكرى الإعلان العالمي لحقوق الإنسان.'],
    ['人权日', '纪念《世界人权宣言》。'],
  ),
  diwali: texts(
    ['Diwali / Deepavali', 'La fête des lumières, célébrée par les hindous, les sikhs (Bandi Chhor Divas) et les jaïns.'],
    ['Diwali / Deepavali', 'La fiesta de las luces, celebrada por hindúes, sijes (Bandi Chhor Divas) y jainistas.'],
    ['ديوالي / ديبافالي', 'عيد الأنوار، يحتفل به الهندوس والسيخ (باندي تشور ديفاس) والجاينيون.'],
    ['排灯节', '灯节，印度教徒、锡克教徒（班迪·乔尔节）和耆那教徒共同庆祝。'],
  ),
  holi: texts(
    ['Holi', 'La fête printanière des couleurs.'],
    ['Holi', 'La fiesta primaveral de los colores.'],
    ['هولي', 'عيد الألوان الربيعي.'],
    ['洒红节', '春天的色彩节。'],
  ),
  vesak: texts(
    ['Vesak', "Les bouddhistes theravada célèbrent à la pleine lune la naissance, l'éveil et la mort du Bouddha."],
    ['Vesak', 'Los budistas theravada celebran en la luna llena el nacimiento, la iluminación y la muerte de Buda.'],
    ['فيساك', 'يحيي البوذيون التيرافاديون عند اكتمال القمر مولد بوذا واستنارته ورحيله.'],
    ['卫塞节', '上座部佛教徒在月圆之日纪念佛陀的诞生、成道与涅槃。'],
  ),
  thaipusam: texts(
    ['Thaipusam', 'Une fête hindoue tamoule en l’honneur du seigneur Murugan.'],
    ['Thaipusam', 'Una fiesta hindú tamil en honor del señor Murugan.'],
    ['تايبوسام', 'عيد هندوسي تاميلي تكريمًا للإله موروغان.'],
    ['大宝森节', '泰米尔印度教徒敬奉穆鲁甘神的节日。'],
  ),
  vaisakhi: texts(
    ['Vaisakhi', 'La fête printanière des récoltes et la fondation du Khalsa pour les sikhs.'],
    ['Vaisakhi', 'La fiesta primaveral de la cosecha y la fundación del Khalsa para los sijes.'],
    ['فايساخي', 'عيد الحصاد الربيعي وذكرى تأسيس الخالصة لدى السيخ.'],
    ['丰收节（维萨奇节）', '春季丰收节，也是锡克教卡尔萨的创立纪念日。'],
  ),
  gurpurab: texts(
    ['Gurpurab de Guru Nanak', 'Les sikhs célèbrent la naissance de Guru Nanak, le premier gourou.'],
    ['Gurpurab de Guru Nanak', 'Los sijes celebran el nacimiento de Guru Nanak, el primer gurú.'],
    ['غوربوراب غورو ناناك', 'يحتفل السيخ بمولد غورو ناناك، الغورو الأول.'],
    ['古鲁那纳克诞辰节', '锡克教徒庆祝第一位古鲁那纳克的诞辰。'],
  ),
  dussehra: texts(
    ['Dussehra', 'Le dixième jour après Navratri, la victoire du bien sur le mal (Dashain au Népal).'],
    ['Dussehra', 'El décimo día después de Navratri, la victoria del bien sobre el mal (Dashain en Nepal).'],
    ['دوسهرا', 'اليوم العاشر بعد نافراتري، انتصار الخير على الشر (داشين في نيبال).'],
    ['十胜节', '九夜节后的第十天，庆祝善战胜恶（尼泊尔称德赛节）。'],
  ),
  onam: texts(
    ['Onam', 'La fête des récoltes du Kerala.'],
    ['Onam', 'La fiesta de la cosecha de Kerala.'],
    ['أونام', 'عيد الحصاد في ولاية كيرالا.'],
    ['欧南节', '喀拉拉邦的丰收节。'],
  ),
  pongal: texts(
    ['Thai Pongal', 'La fête tamoule des récoltes, qui doit son nom au plat de riz nouveau.'],
    ['Thai Pongal', 'La fiesta tamil de la cosecha, que toma su nombre del plato de arroz nuevo.'],
    ['تاي بونغال', 'عيد الحصاد التاميلي، سُمّي باسم طبق الأرز الجديد.'],
    ['丰收节（庞格尔节）', '泰米尔丰收节，得名于新米煮成的菜肴。'],
  ),
};
