/**
 * Short lists typed in from Australian Bureau of Statistics standards (facts; ABS material is
 * CC BY 4.0). Each entry is [code, name]; codes are the standard's own where it has them,
 * otherwise a slug. Every list's "Prefer not to answer" item is added by the builders.
 */

/**
 * Gender: ABS Standard for Sex, Gender, Variations of Sex Characteristics and Sexual
 * Orientation Variables, 2020 (cat. no. 1200.0.55.012), gender question categories. The
 * codes match the client's gender colour keys (FEMALE, MALE, OTHER, PREFER_NOT).
 */
export const GENDERS: ReadonlyArray<readonly [string, string]> = [
  ['female', 'Woman or female'],
  ['male', 'Man or male'],
  ['non_binary', 'Non-binary'],
  ['other', 'I use a different term'],
];

/** Sexual orientation: same ABS 2020 standard, sexual orientation question categories. */
export const SEXUAL_ORIENTATIONS: ReadonlyArray<readonly [string, string]> = [
  ['straight', 'Straight (heterosexual)'],
  ['gay_lesbian', 'Gay or lesbian'],
  ['bisexual', 'Bisexual'],
  ['other', 'I use a different term'],
  ['dont_know', "Don't know"],
];

/**
 * Highest level of education: Australian Standard Classification of Education (ASCED) 2001,
 * level of education (cat. no. 1272.0), broad and narrow levels as codes, highest first.
 */
export const EDUCATIONS: ReadonlyArray<readonly [string, string]> = [
  ['11', 'Doctoral degree'],
  ['12', "Master's degree"],
  ['2', 'Graduate diploma or graduate certificate'],
  ['3', "Bachelor's degree"],
  ['4', 'Advanced diploma or diploma'],
  ['51', 'Certificate III or IV'],
  ['52', 'Certificate I or II'],
  ['61', 'Senior secondary (Year 11 or 12)'],
  ['62', 'Junior secondary (Year 10 or below)'],
  ['7', 'Primary education'],
  ['9', 'Other education'],
  ['none', 'No formal education'],
];

/**
 * Disability: the disability groups of the ABS Survey of Disability, Ageing and Carers
 * (cat. no. 4430.0), with "No disability" first.
 */
export const DISABILITIES: ReadonlyArray<readonly [string, string]> = [
  ['none', 'No disability'],
  ['sensory_speech', 'Sensory and speech'],
  ['intellectual', 'Intellectual'],
  ['physical', 'Physical restriction'],
  ['psychosocial', 'Psychosocial'],
  ['brain_injury', 'Head injury, stroke or acquired brain injury'],
  ['other', 'Other long-term condition'],
];

/**
 * How a person is seen by others. No ABS standard covers appearance (the ABS does not
 * collect race); these are the broad groups of the England and Wales 2021 census ethnic
 * group question (ONS, Open Government Licence) and the US OMB 2024 race and ethnicity
 * standard, merged into one list.
 */
export const APPEARANCES: ReadonlyArray<readonly [string, string]> = [
  ['black', 'Black'],
  ['east_asian', 'East Asian'],
  ['south_asian', 'South Asian'],
  ['south_east_asian', 'South-East Asian'],
  ['middle_eastern_north_african', 'Middle Eastern or North African'],
  ['latin_american', 'Hispanic or Latin American'],
  ['indigenous', 'Indigenous or First Nations'],
  ['pacific', 'Pacific Islander'],
  ['white', 'White'],
  ['mixed', 'Mixed or multiple'],
  ['other', 'Other'],
];

/**
 * Industries: the 19 divisions of the Australian and New Zealand Standard Industrial
 * Classification (ANZSIC) 2006, Revision 2.0 (cat. no. 1292.0).
 */
export const INDUSTRIES: ReadonlyArray<readonly [string, string]> = [
  ['A', 'Agriculture, Forestry and Fishing'],
  ['B', 'Mining'],
  ['C', 'Manufacturing'],
  ['D', 'Electricity, Gas, Water and Waste Services'],
  ['E', 'Construction'],
  ['F', 'Wholesale Trade'],
  ['G', 'Retail Trade'],
  ['H', 'Accommodation and Food Services'],
  ['I', 'Transport, Postal and Warehousing'],
  ['J', 'Information Media and Telecommunications'],
  ['K', 'Financial and Insurance Services'],
  ['L', 'Rental, Hiring and Real Estate Services'],
  ['M', 'Professional, Scientific and Technical Services'],
  ['N', 'Administrative and Support Services'],
  ['O', 'Public Administration and Safety'],
  ['P', 'Education and Training'],
  ['Q', 'Health Care and Social Assistance'],
  ['R', 'Arts and Recreation Services'],
  ['S', 'Other Services'],
];

/**
 * Position levels and types: the 8 major groups and 43 sub-major groups of the Australian and
 * New Zealand Standard Classification of Occupations (ANZSCO) 2013, Version 1.3 (cat. no.
 * 1220.0). A sub-major group's major group is its first digit. Managers (1) is the level the
 * "women managers" statistic counts.
 */
export const POSITION_LEVELS: ReadonlyArray<readonly [string, string]> = [
  ['1', 'Managers'],
  ['2', 'Professionals'],
  ['3', 'Technicians and Trades Workers'],
  ['4', 'Community and Personal Service Workers'],
  ['5', 'Clerical and Administrative Workers'],
  ['6', 'Sales Workers'],
  ['7', 'Machinery Operators and Drivers'],
  ['8', 'Labourers'],
];

export const POSITION_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['11', 'Chief Executives, General Managers and Legislators'],
  ['12', 'Farmers and Farm Managers'],
  ['13', 'Specialist Managers'],
  ['14', 'Hospitality, Retail and Service Managers'],
  ['21', 'Arts and Media Professionals'],
  ['22', 'Business, Human Resource and Marketing Professionals'],
  ['23', 'Design, Engineering, Science and Transport Professionals'],
  ['24', 'Education Professionals'],
  ['25', 'Health Professionals'],
  ['26', 'ICT Professionals'],
  ['27', 'Legal, Social and Welfare Professionals'],
  ['31', 'Engineering, ICT and Science Technicians'],
  ['32', 'Automotive and Engineering Trades Workers'],
  ['33', 'Construction Trades Workers'],
  ['34', 'Electrotechnology and Telecommunications Trades Workers'],
  ['35', 'Food Trades Workers'],
  ['36', 'Skilled Animal and Horticultural Workers'],
  ['39', 'Other Technicians and Trades Workers'],
  ['41', 'Health and Welfare Support Workers'],
  ['42', 'Carers and Aides'],
  ['43', 'Hospitality Workers'],
  ['44', 'Protective Service Workers'],
  ['45', 'Sports and Personal Service Workers'],
  ['51', 'Office Managers and Program Administrators'],
  ['52', 'Personal Assistants and Secretaries'],
  ['53', 'General Clerical Workers'],
  ['54', 'Inquiry Clerks and Receptionists'],
  ['55', 'Numerical Clerks'],
  ['56', 'Clerical and Office Support Workers'],
  ['59', 'Other Clerical and Administrative Workers'],
  ['61', 'Sales Representatives and Agents'],
  ['62', 'Sales Assistants and Salespersons'],
  ['63', 'Sales Support Workers'],
  ['71', 'Machine and Stationary Plant Operators'],
  ['72', 'Mobile Plant Operators'],
  ['73', 'Road and Rail Drivers'],
  ['74', 'Storepersons'],
  ['81', 'Cleaners and Laundry Workers'],
  ['82', 'Construction and Mining Labourers'],
  ['83', 'Factory Process Workers'],
  ['84', 'Farm, Forestry and Garden Workers'],
  ['85', 'Food Preparation Assistants'],
  ['89', 'Other Labourers'],
];

/** Birth years offered: from this year to 15 years before the current one (newest first). */
export const FIRST_BIRTH_YEAR = 1930;
export const YOUNGEST_AGE = 15;
