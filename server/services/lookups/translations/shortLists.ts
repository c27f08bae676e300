/**
 * Our own translations of the typed-in lists' names (standards/abs.ts), keyed by the item's
 * code, never by its English name: [French, Spanish, Arabic, Simplified Chinese].
 */
export type Translated = readonly [fr: string, es: string, ar: string, zh: string];
export type TranslationTable = Readonly<Record<string, Translated>>;

/** Every list's "Prefer not to answer" item (code prefer_not). */
export const PREFER_NOT: Translated = ['Je préfère ne pas répondre', 'Prefiero no responder', 'أفضّل عدم الإجابة', '不愿回答'];

const DIFFERENT_TERM: Translated = ["J'utilise un autre terme", 'Uso otro término', 'أستخدم مصطلحًا آخر', '我使用其他称谓'];

export const GENDER_NAMES: TranslationTable = {
  female: ['Femme ou féminin', 'Mujer o femenino', 'امرأة أو أنثى', '女性'],
  male: ['Homme ou masculin', 'Hombre o masculino', 'رجل أو ذكر', '男性'],
  non_binary: ['Non binaire', 'No binario', 'غير ثنائي الجنس', '非二元性别'],
  other: DIFFERENT_TERM,
};

export const SEXUAL_ORIENTATION_NAMES: TranslationTable = {
  straight: ['Hétérosexuel(le)', 'Heterosexual', 'مغاير الجنس', '异性恋'],
  gay_lesbian: ['Gay ou lesbienne', 'Gay o lesbiana', 'مثلي أو مثلية', '男同性恋或女同性恋'],
  bisexual: ['Bisexuel(le)', 'Bisexual', 'مزدوج الميول الجنسية', '双性恋'],
  other: DIFFERENT_TERM,
  dont_know: ['Je ne sais pas', 'No lo sé', 'لا أعرف', '不知道'],
};

export const EDUCATION_NAMES: TranslationTable = {
  '11': ['Doctorat', 'Doctorado', 'دكتوراه', '博士学位'],
  '12': ['Master', 'Máster', 'ماجستير', '硕士学位'],
  '2': ['Diplôme ou certificat de troisième cycle', 'Diploma o certificado de posgrado', 'دبلوم أو شهادة دراسات عليا', '研究生文凭或证书'],
  '3': ['Licence (bachelor)', 'Grado (licenciatura)', 'بكالوريوس', '学士学位'],
  '4': ['Diplôme d’études supérieures professionnelles', 'Diploma técnico superior', 'دبلوم متقدم أو دبلوم', '高级文凭或文凭'],
  '51': ['Certificat professionnel III ou IV', 'Certificado profesional III o IV', 'شهادة مهنية من المستوى الثالث أو الرابع', '三级或四级职业证书'],
  '52': ['Certificat professionnel I ou II', 'Certificado profesional I o II', 'شهادة مهنية من المستوى الأول أو الثاني', '一级或二级职业证书'],
  '61': ['Secondaire supérieur (11e ou 12e année)', 'Secundaria superior (año 11 o 12)', 'المرحلة الثانوية العليا (الصف 11 أو 12)', '高中（11或12年级）'],
  '62': ['Secondaire inférieur (10e année ou moins)', 'Secundaria inferior (año 10 o menos)', 'المرحلة الثانوية الدنيا (الصف 10 أو أقل)', '初中（10年级或以下）'],
  '7': ['Enseignement primaire', 'Educación primaria', 'التعليم الابتدائي', '小学教育'],
  '9': ['Autre formation', 'Otra formación', 'تعليم آخر', '其他教育'],
  none: ['Aucune formation scolaire', 'Sin educación formal', 'بلا تعليم رسمي', '未受过正规教育'],
};

export const DISABILITY_NAMES: TranslationTable = {
  none: ['Aucun handicap', 'Sin discapacidad', 'لا توجد إعاقة', '无残疾'],
  sensory_speech: ['Sensoriel et de la parole', 'Sensorial y del habla', 'حسية ونطقية', '感官和言语'],
  intellectual: ['Intellectuel', 'Intelectual', 'ذهنية', '智力'],
  physical: ['Limitation physique', 'Limitación física', 'قيود جسدية', '身体受限'],
  psychosocial: ['Psychosocial', 'Psicosocial', 'نفسية اجتماعية', '心理社会'],
  brain_injury: ['Traumatisme crânien, AVC ou lésion cérébrale acquise', 'Traumatismo craneal, ictus o daño cerebral adquirido', 'إصابة في الرأس أو سكتة دماغية أو إصابة دماغية مكتسبة', '头部损伤、中风或后天性脑损伤'],
  other: ['Autre affection de longue durée', 'Otra afección de larga duración', 'حالة صحية طويلة الأمد أخرى', '其他长期疾病'],
};

export const APPEARANCE_NAMES: TranslationTable = {
  black: ['Noir(e)', 'Negro/a', 'أسود', '黑人'],
  east_asian: ["Asiatique de l'Est", 'Asiático oriental', 'من شرق آسيا', '东亚人'],
  south_asian: ['Asiatique du Sud', 'Asiático del sur', 'من جنوب آسيا', '南亚人'],
  south_east_asian: ['Asiatique du Sud-Est', 'Asiático del sudeste', 'من جنوب شرق آسيا', '东南亚人'],
  middle_eastern_north_african: ['Moyen-Orient ou Afrique du Nord', 'De Oriente Medio o del Norte de África', 'من الشرق الأوسط أو شمال أفريقيا', '中东或北非人'],
  latin_american: ['Hispanique ou latino-américain(e)', 'Hispano o latinoamericano', 'من أصل إسباني أو أمريكي لاتيني', '西班牙裔或拉丁美洲人'],
  indigenous: ['Autochtone ou Premières Nations', 'Indígena o de las Primeras Naciones', 'من السكان الأصليين أو الأمم الأولى', '原住民或第一民族'],
  pacific: ['Insulaire du Pacifique', 'Isleño del Pacífico', 'من جزر المحيط الهادئ', '太平洋岛民'],
  white: ['Blanc(he)', 'Blanco/a', 'أبيض', '白人'],
  mixed: ['Mixte ou multiple', 'Mixto o múltiple', 'مختلط أو متعدد', '混合或多种'],
  other: ['Autre', 'Otro', 'أخرى', '其他'],
};

export const INDUSTRY_NAMES: TranslationTable = {
  A: ['Agriculture, sylviculture et pêche', 'Agricultura, silvicultura y pesca', 'الزراعة والحراجة وصيد الأسماك', '农业、林业和渔业'],
  B: ['Industries extractives', 'Minería', 'التعدين', '采矿业'],
  C: ['Industrie manufacturière', 'Industria manufacturera', 'الصناعة التحويلية', '制造业'],
  D: ['Électricité, gaz, eau et déchets', 'Electricidad, gas, agua y residuos', 'الكهرباء والغاز والمياه وإدارة النفايات', '电力、燃气、水务和废物处理'],
  E: ['Construction', 'Construcción', 'البناء والتشييد', '建筑业'],
  F: ['Commerce de gros', 'Comercio mayorista', 'تجارة الجملة', '批发业'],
  G: ['Commerce de détail', 'Comercio minorista', 'تجارة التجزئة', '零售业'],
  H: ['Hébergement et restauration', 'Alojamiento y servicios de comidas', 'الإقامة وخدمات الطعام', '住宿和餐饮业'],
  I: ['Transport, poste et entreposage', 'Transporte, correos y almacenamiento', 'النقل والبريد والتخزين', '交通运输、邮政和仓储业'],
  J: ['Médias et télécommunications', 'Medios de información y telecomunicaciones', 'الإعلام والاتصالات', '信息媒体和电信业'],
  K: ['Services financiers et d’assurance', 'Servicios financieros y de seguros', 'الخدمات المالية والتأمين', '金融和保险业'],
  L: ['Location et services immobiliers', 'Alquiler y servicios inmobiliarios', 'التأجير والخدمات العقارية', '租赁和房地产业'],
  M: ['Services professionnels, scientifiques et techniques', 'Servicios profesionales, científicos y técnicos', 'الخدمات المهنية والعلمية والتقنية', '专业、科学和技术服务业'],
  N: ['Services administratifs et de soutien', 'Servicios administrativos y de apoyo', 'الخدمات الإدارية وخدمات الدعم', '行政和支持服务业'],
  O: ['Administration publique et sécurité', 'Administración pública y seguridad', 'الإدارة العامة والسلامة', '公共管理和安全'],
  P: ['Enseignement et formation', 'Educación y formación', 'التعليم والتدريب', '教育和培训'],
  Q: ['Santé et action sociale', 'Atención sanitaria y asistencia social', 'الرعاية الصحية والمساعدة الاجتماعية', '医疗保健和社会援助'],
  R: ['Arts et loisirs', 'Artes y actividades recreativas', 'الفنون والترفيه', '艺术和娱乐业'],
  S: ['Autres services', 'Otros servicios', 'خدمات أخرى', '其他服务业'],
};

/** ANZSCO major groups. */
export const POSITION_LEVEL_NAMES: TranslationTable = {
  '1': ['Cadres dirigeants', 'Directivos', 'المديرون', '管理人员'],
  '2': ['Professions intellectuelles', 'Profesionales', 'المهنيون', '专业人员'],
  '3': ['Techniciens et ouvriers qualifiés', 'Técnicos y trabajadores de oficios', 'الفنيون والحرفيون', '技术员和技工'],
  '4': ['Personnel des services à la personne et à la collectivité', 'Trabajadores de servicios comunitarios y personales', 'عاملو الخدمات المجتمعية والشخصية', '社区和个人服务人员'],
  '5': ['Employés administratifs', 'Trabajadores administrativos', 'الموظفون الكتابيون والإداريون', '文秘和行政人员'],
  '6': ['Personnel de vente', 'Trabajadores de ventas', 'عاملو المبيعات', '销售人员'],
  '7': ['Conducteurs de machines et de véhicules', 'Operadores de maquinaria y conductores', 'مشغلو الآلات والسائقون', '机械操作员和司机'],
  '8': ['Manœuvres', 'Peones', 'العمال', '普通劳工'],
};

/** ANZSCO sub-major groups. */
export const POSITION_TYPE_NAMES: TranslationTable = {
  '11': ['Dirigeants, directeurs généraux et législateurs', 'Directores ejecutivos, gerentes generales y legisladores', 'الرؤساء التنفيذيون والمديرون العامون والمشرعون', '首席执行官、总经理和立法者'],
  '12': ['Agriculteurs et exploitants agricoles', 'Agricultores y gerentes de explotaciones agrícolas', 'المزارعون ومديرو المزارع', '农民和农场经理'],
  '13': ['Cadres spécialisés', 'Gerentes especializados', 'المديرون المتخصصون', '专业经理'],
  '14': ["Gérants d'hôtellerie, de commerce et de services", 'Gerentes de hostelería, comercio y servicios', 'مديرو الضيافة والتجزئة والخدمات', '酒店、零售和服务经理'],
  '21': ['Professionnels des arts et des médias', 'Profesionales de las artes y los medios', 'مهنيو الفنون والإعلام', '艺术和媒体专业人员'],
  '22': ['Professionnels des affaires, des ressources humaines et du marketing', 'Profesionales de negocios, recursos humanos y marketing', 'مهنيو الأعمال والموارد البشرية والتسويق', '商业、人力资源和营销专业人员'],
  '23': ['Professionnels du design, de l’ingénierie, des sciences et des transports', 'Profesionales de diseño, ingeniería, ciencias y transporte', 'مهنيو التصميم والهندسة والعلوم والنقل', '设计、工程、科学和运输专业人员'],
  '24': ["Professionnels de l'enseignement", 'Profesionales de la educación', 'مهنيو التعليم', '教育专业人员'],
  '25': ['Professionnels de santé', 'Profesionales de la salud', 'مهنيو الصحة', '卫生专业人员'],
  '26': ['Professionnels des TIC', 'Profesionales de las TIC', 'مهنيو تكنولوجيا المعلومات والاتصالات', '信息通信技术专业人员'],
  '27': ['Professionnels du droit, du social et de l’aide sociale', 'Profesionales jurídicos, sociales y de bienestar', 'مهنيو القانون والشؤون الاجتماعية والرعاية', '法律、社会和福利专业人员'],
  '31': ['Techniciens en ingénierie, TIC et sciences', 'Técnicos de ingeniería, TIC y ciencias', 'فنيو الهندسة وتكنولوجيا المعلومات والعلوم', '工程、信息通信技术和科学技术员'],
  '32': ["Ouvriers qualifiés de l'automobile et de la mécanique", 'Trabajadores de oficios de automoción e ingeniería', 'حرفيو السيارات والهندسة', '汽车和工程技工'],
  '33': ['Ouvriers qualifiés du bâtiment', 'Trabajadores de oficios de la construcción', 'حرفيو البناء', '建筑技工'],
  '34': ["Ouvriers qualifiés de l'électrotechnique et des télécommunications", 'Trabajadores de oficios de electrotecnia y telecomunicaciones', 'حرفيو التقنيات الكهربائية والاتصالات', '电工技术和电信技工'],
  '35': ["Ouvriers qualifiés de l'alimentation", 'Trabajadores de oficios de la alimentación', 'حرفيو الأغذية', '食品技工'],
  '36': ['Travailleurs qualifiés des soins aux animaux et de l’horticulture', 'Trabajadores cualificados de animales y horticultura', 'العمال المهرة في رعاية الحيوانات والبستنة', '动物和园艺熟练工人'],
  '39': ['Autres techniciens et ouvriers qualifiés', 'Otros técnicos y trabajadores de oficios', 'فنيون وحرفيون آخرون', '其他技术员和技工'],
  '41': ['Personnel d’appui en santé et action sociale', 'Trabajadores de apoyo sanitario y social', 'عاملو دعم الصحة والرعاية', '卫生和福利辅助人员'],
  '42': ['Aidants et auxiliaires', 'Cuidadores y auxiliares', 'مقدمو الرعاية والمساعدون', '护理员和助理'],
  '43': ["Personnel de l'hôtellerie", 'Trabajadores de hostelería', 'عاملو الضيافة', '酒店服务人员'],
  '44': ['Personnel des services de protection', 'Trabajadores de servicios de protección', 'عاملو خدمات الحماية', '保安服务人员'],
  '45': ['Personnel des sports et des services à la personne', 'Trabajadores de deportes y servicios personales', 'عاملو الرياضة والخدمات الشخصية', '体育和个人服务人员'],
  '51': ['Responsables de bureau et administrateurs de programmes', 'Jefes de oficina y administradores de programas', 'مديرو المكاتب ومسؤولو البرامج', '办公室经理和项目管理员'],
  '52': ['Assistants personnels et secrétaires', 'Asistentes personales y secretarios', 'المساعدون الشخصيون والسكرتيرون', '私人助理和秘书'],
  '53': ['Employés de bureau', 'Trabajadores administrativos generales', 'الموظفون الكتابيون العامون', '一般文员'],
  '54': ["Employés d'accueil et réceptionnistes", 'Empleados de información y recepcionistas', 'موظفو الاستعلامات والاستقبال', '咨询员和接待员'],
  '55': ['Employés comptables', 'Empleados contables', 'الموظفون الحسابيون', '会计文员'],
  '56': ['Employés de soutien administratif', 'Trabajadores de apoyo administrativo y de oficina', 'عاملو الدعم الكتابي والمكتبي', '文书和办公辅助人员'],
  '59': ['Autres employés administratifs', 'Otros trabajadores administrativos', 'موظفون كتابيون وإداريون آخرون', '其他文秘和行政人员'],
  '61': ['Représentants et agents commerciaux', 'Representantes y agentes de ventas', 'مندوبو المبيعات والوكلاء', '销售代表和代理人'],
  '62': ['Vendeurs et assistants de vente', 'Dependientes y vendedores', 'مساعدو المبيعات والبائعون', '售货员和推销员'],
  '63': ['Personnel d’appui à la vente', 'Trabajadores de apoyo a las ventas', 'عاملو دعم المبيعات', '销售辅助人员'],
  '71': ['Conducteurs de machines et d’installations fixes', 'Operadores de máquinas e instalaciones fijas', 'مشغلو الآلات والمعدات الثابتة', '机器和固定设备操作员'],
  '72': ['Conducteurs d’engins mobiles', 'Operadores de maquinaria móvil', 'مشغلو المعدات المتنقلة', '移动设备操作员'],
  '73': ['Conducteurs routiers et ferroviaires', 'Conductores de carretera y ferrocarril', 'سائقو الطرق والسكك الحديدية', '道路和铁路司机'],
  '74': ['Magasiniers', 'Almaceneros', 'أمناء المخازن', '仓库管理员'],
  '81': ['Agents de nettoyage et de blanchisserie', 'Personal de limpieza y lavandería', 'عمال النظافة والمغاسل', '清洁和洗衣工'],
  '82': ['Manœuvres du bâtiment et des mines', 'Peones de la construcción y la minería', 'عمال البناء والتعدين', '建筑和采矿劳工'],
  '83': ["Ouvriers d'usine", 'Trabajadores de procesos fabriles', 'عمال العمليات في المصانع', '工厂流水线工人'],
  '84': ['Ouvriers agricoles, forestiers et jardiniers', 'Trabajadores agrícolas, forestales y de jardinería', 'عمال المزارع والغابات والحدائق', '农场、林业和园艺工人'],
  '85': ['Aides à la préparation des aliments', 'Ayudantes de preparación de alimentos', 'مساعدو إعداد الطعام', '食品制备助理'],
  '89': ['Autres manœuvres', 'Otros peones', 'عمال آخرون', '其他劳工'],
};
