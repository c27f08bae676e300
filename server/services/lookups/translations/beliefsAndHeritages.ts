import type { Translated, TranslationTable } from './shortLists';

/**
 * Our own translations of the worldviews and branches (standards/ascrg.ts) and of the
 * heritages' cultural families (standards/ascceg2019.ts), keyed by code:
 * [French, Spanish, Arabic, Simplified Chinese].
 */

const BUDDHISM: Translated = ['Bouddhisme', 'Budismo', 'البوذية', '佛教'];
const HINDUISM: Translated = ['Hindouisme', 'Hinduismo', 'الهندوسية', '印度教'];
const JUDAISM: Translated = ['Judaïsme', 'Judaísmo', 'اليهودية', '犹太教'];
const SIKHISM: Translated = ['Sikhisme', 'Sijismo', 'السيخية', '锡克教'];

/** ASCRG 2024 broad groups. */
export const WORLDVIEW_NAMES: TranslationTable = {
  '15': BUDDHISM,
  '25': ['Christianisme', 'Cristianismo', 'المسيحية', '基督教'],
  '35': HINDUISM,
  '45': ['Islam', 'Islam', 'الإسلام', '伊斯兰教'],
  '55': JUDAISM,
  '65': SIKHISM,
  '85': ['Autres religions', 'Otras religiones', 'ديانات أخرى', '其他宗教'],
  '95': [
    'Convictions laïques, autres convictions spirituelles et sans appartenance religieuse',
    'Creencias laicas, otras creencias espirituales y sin afiliación religiosa',
    'معتقدات علمانية ومعتقدات روحية أخرى وبلا انتماء ديني',
    '世俗信仰、其他精神信仰及无宗教信仰',
  ],
};

/** ASCRG 2024 narrow groups. */
export const BRANCH_NAMES: TranslationTable = {
  '1511': BUDDHISM,
  '2511': ['Anglicane', 'Anglicana', 'الأنجليكانية', '圣公会'],
  '2512': ['Apostolique assyrienne', 'Apostólica asiria', 'الكنيسة الرسولية الآشورية', '亚述使徒教会'],
  '2513': ['Baptiste', 'Bautista', 'المعمدانية', '浸信会'],
  '2514': ['Frères', 'Hermanos', 'الإخوة', '弟兄会'],
  '2515': ['Catholique', 'Católica', 'الكاثوليكية', '天主教'],
  '2516': ['Églises du Christ', 'Iglesias de Cristo', 'كنائس المسيح', '基督会'],
  '2517': ['Orthodoxe (Églises d’Orient)', 'Ortodoxa', 'الأرثوذكسية الشرقية', '东正教'],
  '2518': ['Témoins de Jéhovah', 'Testigos de Jehová', 'شهود يهوه', '耶和华见证人'],
  '2521': ['Saints des Derniers Jours', 'Santos de los Últimos Días', 'قديسو الأيام الأخيرة', '后期圣徒'],
  '2522': ['Luthérienne', 'Luterana', 'اللوثرية', '路德宗'],
  '2523': ['Orthodoxe orientale (préchalcédonienne)', 'Ortodoxa oriental', 'الأرثوذكسية المشرقية', '东方正统教会'],
  '2524': ['Pentecôtiste', 'Pentecostal', 'الخمسينية', '五旬节派'],
  '2525': ['Presbytérienne et réformée', 'Presbiteriana y reformada', 'المشيخية والإصلاحية', '长老会和归正宗'],
  '2526': ['Armée du Salut', 'Ejército de Salvación', 'جيش الخلاص', '救世军'],
  '2527': ['Adventiste du septième jour', 'Adventista del Séptimo Día', 'الأدفنتست السبتيون', '基督复临安息日会'],
  '2528': ['Église unie', 'Iglesia Unida', 'الكنيسة المتحدة', '联合教会'],
  '2531': ['Autres protestants', 'Otros protestantes', 'بروتستانتية أخرى', '其他新教'],
  '2532': ['Autres chrétiens', 'Otros cristianos', 'مسيحية أخرى', '其他基督教'],
  '3511': HINDUISM,
  '4511': ['Islam chiite', 'Islam chií', 'الإسلام الشيعي', '什叶派伊斯兰教'],
  '4512': ['Islam sunnite', 'Islam suní', 'الإسلام السني', '逊尼派伊斯兰教'],
  '4513': ['Autre islam', 'Otro islam', 'إسلام آخر', '其他伊斯兰教派'],
  '5511': JUDAISM,
  '6511': SIKHISM,
  '8511': ['Religions traditionnelles aborigènes d’Australie', 'Religiones tradicionales aborígenes australianas', 'الديانات التقليدية للسكان الأصليين في أستراليا', '澳大利亚原住民传统宗教'],
  '8512': ['Bahaïsme', 'Bahaísmo', 'البهائية', '巴哈伊教'],
  '8513': ['Religions chinoises', 'Religiones chinas', 'الديانات الصينية', '中国宗教'],
  '8514': ['Druzes', 'Drusos', 'الدروز', '德鲁兹派'],
  '8515': ['Religions japonaises', 'Religiones japonesas', 'الديانات اليابانية', '日本宗教'],
  '8516': ['Religions de la nature', 'Religiones de la naturaleza', 'ديانات الطبيعة', '自然宗教'],
  '8517': ['Spiritisme', 'Espiritismo', 'الروحانية', '唯灵论'],
  '8518': ['Religions diverses', 'Religiones diversas', 'ديانات متنوعة', '其他各类宗教'],
  '9511': ['Sans religion', 'Sin religión', 'بلا دين', '无宗教'],
  '9512': ['Convictions laïques', 'Creencias laicas', 'معتقدات علمانية', '世俗信仰'],
  '9513': ['Autres convictions spirituelles', 'Otras creencias espirituales', 'معتقدات روحية أخرى', '其他精神信仰'],
};

/** ASCCEG broad and narrow groups, the top of the heritages' tree (codes as stored: 'ascceg:<code>'). */
export const CULTURAL_FAMILY_NAMES: TranslationTable = {
  'ascceg:1': ['Océanien', 'Oceánico', 'أوقيانوسي', '大洋洲人'],
  'ascceg:2': ['Européen du Nord-Ouest', 'Europeo del noroeste', 'أوروبي من الشمال الغربي', '西北欧人'],
  'ascceg:3': ['Européen du Sud et de l’Est', 'Europeo del sur y del este', 'أوروبي من الجنوب والشرق', '南欧和东欧人'],
  'ascceg:4': ['Nord-Africain et Moyen-Oriental', 'Norteafricano y de Oriente Medio', 'شمال أفريقي وشرق أوسطي', '北非和中东人'],
  'ascceg:5': ['Asiatique du Sud-Est', 'Del sudeste asiático', 'من جنوب شرق آسيا', '东南亚人'],
  'ascceg:6': ['Asiatique du Nord-Est', 'Del nordeste asiático', 'من شمال شرق آسيا', '东北亚人'],
  'ascceg:7': ['Asiatique du Sud et d’Asie centrale', 'Del sur y centro de Asia', 'من جنوب ووسط آسيا', '南亚和中亚人'],
  'ascceg:8': ['Peuples des Amériques', 'Pueblos de las Américas', 'شعوب الأمريكتين', '美洲各民族'],
  'ascceg:9': ['Africain subsaharien', 'Africano subsahariano', 'أفريقي من جنوب الصحراء الكبرى', '撒哈拉以南非洲人'],
  'ascceg:11': ['Peuples d’Australie', 'Pueblos de Australia', 'شعوب أستراليا', '澳大利亚各民族'],
  'ascceg:12': ['Peuples de Nouvelle-Zélande', 'Pueblos de Nueva Zelanda', 'شعوب نيوزيلندا', '新西兰各民族'],
  'ascceg:13': ['Mélanésien et papou', 'Melanesio y papú', 'ميلانيزي وبابوي', '美拉尼西亚人和巴布亚人'],
  'ascceg:14': ['Micronésien', 'Micronesio', 'ميكرونيزي', '密克罗尼西亚人'],
  'ascceg:15': ['Polynésien', 'Polinesio', 'بولينيزي', '波利尼西亚人'],
  'ascceg:21': ['Britannique', 'Británico', 'بريطاني', '英国人'],
  'ascceg:22': ['Irlandais', 'Irlandés', 'إيرلندي', '爱尔兰人'],
  'ascceg:23': ["Européen de l'Ouest", 'Europeo occidental', 'أوروبي غربي', '西欧人'],
  'ascceg:24': ['Européen du Nord', 'Europeo del norte', 'أوروبي شمالي', '北欧人'],
  'ascceg:31': ['Européen du Sud', 'Europeo del sur', 'أوروبي جنوبي', '南欧人'],
  'ascceg:32': ['Européen du Sud-Est', 'Europeo del sudeste', 'أوروبي جنوبي شرقي', '东南欧人'],
  'ascceg:33': ["Européen de l'Est", 'Europeo del este', 'أوروبي شرقي', '东欧人'],
  'ascceg:41': ['Arabe', 'Árabe', 'عربي', '阿拉伯人'],
  'ascceg:42': ['Juif', 'Judío', 'يهودي', '犹太人'],
  'ascceg:43': ['Peuples du Soudan', 'Pueblos del Sudán', 'شعوب السودان', '苏丹各民族'],
  'ascceg:49': ['Autres Nord-Africains et Moyen-Orientaux', 'Otros norteafricanos y de Oriente Medio', 'شعوب أخرى من شمال أفريقيا والشرق الأوسط', '其他北非和中东人'],
  'ascceg:51': ['Asiatique du Sud-Est continental', 'Del sudeste asiático continental', 'من البر الرئيسي لجنوب شرق آسيا', '东南亚大陆人'],
  'ascceg:52': ['Asiatique du Sud-Est insulaire', 'Del sudeste asiático insular', 'من جزر جنوب شرق آسيا', '东南亚海岛人'],
  'ascceg:61': ['Chinois', 'Chino', 'صيني', '华人'],
  'ascceg:69': ['Autres Asiatiques du Nord-Est', 'Otros del nordeste asiático', 'شعوب أخرى من شمال شرق آسيا', '其他东北亚人'],
  'ascceg:71': ['Asiatique du Sud', 'Del sur de Asia', 'من جنوب آسيا', '南亚人'],
  'ascceg:72': ["Asiatique d'Asie centrale", 'De Asia central', 'من آسيا الوسطى', '中亚人'],
  'ascceg:81': ['Nord-Américain', 'Norteamericano', 'من أمريكا الشمالية', '北美人'],
  'ascceg:82': ['Sud-Américain', 'Sudamericano', 'من أمريكا الجنوبية', '南美人'],
  'ascceg:83': ['Centraméricain', 'Centroamericano', 'من أمريكا الوسطى', '中美洲人'],
  'ascceg:84': ['Insulaire des Caraïbes', 'Isleño del Caribe', 'من جزر الكاريبي', '加勒比岛民'],
  'ascceg:91': ["Africain du Centre et de l'Ouest", 'Africano central y occidental', 'من وسط وغرب أفريقيا', '中非和西非人'],
  'ascceg:92': ["Africain austral et de l'Est", 'Africano meridional y oriental', 'من جنوب وشرق أفريقيا', '南部和东部非洲人'],
  other: ['Autre', 'Otro', 'أخرى', '其他'],
};
