import type { NamePool } from './profiles';
import type { Random } from './random';

/** Common given names and surnames per pool, for the demo's named respondents and accounts (invented people). */
const POOLS: Readonly<Record<NamePool, { readonly female: readonly string[]; readonly male: readonly string[]; readonly family: readonly string[] }>> = {
  anglo: {
    female: ['Olivia', 'Charlotte', 'Amelia', 'Isla', 'Mia', 'Grace', 'Chloe', 'Sarah', 'Emily', 'Jessica', 'Hannah', 'Kate', 'Rebecca', 'Megan'],
    male: ['Jack', 'Oliver', 'William', 'Noah', 'Thomas', 'James', 'Lachlan', 'Matthew', 'Daniel', 'Benjamin', 'Samuel', 'Liam', 'Ethan', 'Hamish'],
    family: ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson', 'Walker', "O'Brien", 'Murphy', 'Campbell', 'Kelly', 'Ryan', 'Stewart'],
  },
  chinese: {
    female: ['Mei', 'Xin', 'Ying', 'Jia', 'Lin', 'Hui', 'Yan', 'Wen', 'Ling', 'Qian'],
    male: ['Wei', 'Jun', 'Hao', 'Lei', 'Ming', 'Jian', 'Tao', 'Yang', 'Bo', 'Kai'],
    family: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Chan', 'Wong', 'Lee', 'Lam'],
  },
  indian: {
    female: ['Priya', 'Ananya', 'Divya', 'Harpreet', 'Kavya', 'Neha', 'Pooja', 'Simran', 'Lakshmi', 'Aisha', 'Deepa', 'Meera'],
    male: ['Arjun', 'Rahul', 'Amit', 'Gurpreet', 'Vikram', 'Sanjay', 'Rohan', 'Karan', 'Harjit', 'Suresh', 'Anil', 'Ravi'],
    family: ['Singh', 'Kaur', 'Sharma', 'Patel', 'Kumar', 'Gupta', 'Reddy', 'Nair', 'Iyer', 'Das', 'Perera', 'Fernando', 'Shrestha', 'Khan'],
  },
  vietnamese: {
    female: ['Linh', 'Trang', 'Huong', 'Mai', 'Thao', 'Ngoc', 'Lan', 'Anh'],
    male: ['Minh', 'Tuan', 'Duc', 'Hung', 'Khanh', 'Quang', 'Nam', 'Long'],
    family: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vo', 'Dang', 'Bui', 'Do', 'Sok'],
  },
  filipino: {
    female: ['Maria', 'Angelica', 'Kristine', 'Joanna', 'Camille', 'Patricia', 'Rowena', 'Liza'],
    male: ['Jose', 'Mark', 'John Paul', 'Rodel', 'Carlo', 'Miguel', 'Jerome', 'Ramon'],
    family: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Dela Cruz', 'Aquino', 'Ramos'],
  },
  arabic: {
    female: ['Fatima', 'Layla', 'Noor', 'Mariam', 'Zeinab', 'Rania', 'Yasmin', 'Hiba', 'Sara', 'Nadia'],
    male: ['Mohammed', 'Ali', 'Ahmad', 'Omar', 'Hassan', 'Karim', 'Tariq', 'Elias', 'Georges', 'Youssef'],
    family: ['Haddad', 'Khoury', 'Hussein', 'Saleh', 'Nasser', 'Farah', 'Rahimi', 'Hosseini', 'Abdullah', 'Mansour', 'Yilmaz', 'Ahmadi'],
  },
  greek: {
    female: ['Eleni', 'Maria', 'Sophia', 'Katerina', 'Georgia', 'Despina', 'Anastasia'],
    male: ['Nikos', 'Giorgos', 'Dimitrios', 'Konstantinos', 'Yiannis', 'Christos', 'Peter'],
    family: ['Papadopoulos', 'Georgiou', 'Nikolaidis', 'Pappas', 'Christodoulou', 'Kostas', 'Vlahos', 'Karagiannis'],
  },
  italian: {
    female: ['Giulia', 'Francesca', 'Rosa', 'Chiara', 'Lucia', 'Carmela', 'Sofia', 'Antonella'],
    male: ['Marco', 'Luca', 'Giuseppe', 'Antonio', 'Salvatore', 'Francesco', 'Paolo', 'Joseph'],
    family: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Caruso', 'Borg', 'Camilleri'],
  },
  korean: {
    female: ['Ji-woo', 'Seo-yeon', 'Min-ji', 'Ha-eun', 'Soo-jin'],
    male: ['Min-jun', 'Ji-hoon', 'Seung-ho', 'Dong-hyun', 'Jae-won'],
    family: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho'],
  },
  japanese: {
    female: ['Yuki', 'Haruka', 'Aiko', 'Sakura', 'Mei'],
    male: ['Haruto', 'Kenji', 'Takumi', 'Ren', 'Daisuke'],
    family: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto'],
  },
  latin: {
    female: ['Valentina', 'Camila', 'Daniela', 'Lucía', 'Ana', 'Gabriela', 'Isabel'],
    male: ['Santiago', 'Mateo', 'Sebastián', 'Diego', 'Carlos', 'Javier', 'Felipe'],
    family: ['González', 'Rodríguez', 'Silva', 'Martínez', 'López', 'Pérez', 'Fernández', 'Oliveira', 'Herrera'],
  },
  slavic: {
    female: ['Ana', 'Marija', 'Ivana', 'Katarzyna', 'Olena', 'Elena', 'Milena'],
    male: ['Ivan', 'Marko', 'Nikola', 'Piotr', 'Aleksandar', 'Dmytro', 'Stefan'],
    family: ['Novak', 'Petrović', 'Kowalski', 'Nowak', 'Jovanović', 'Stojanovski', 'Horvat', 'Shevchenko', 'Ivanov'],
  },
  african: {
    female: ['Amina', 'Grace', 'Nyasha', 'Achieng', 'Tigist', 'Nyandeng', 'Rutendo'],
    male: ['Tendai', 'Kwame', 'Abebe', 'Deng', 'Otieno', 'Samuel', 'Tafadzwa'],
    family: ['Moyo', 'Ndlovu', 'Otieno', 'Mensah', 'Tesfaye', 'Deng', 'Garang', 'Mwangi', 'Chikwanha'],
  },
  pacific: {
    female: ['Mele', 'Losa', 'Aroha', 'Ana', 'Sina', 'Litia', 'Kiri'],
    male: ['Sione', 'Tane', 'Manu', 'Ioane', 'Viliami', 'Rewi', 'Josefa'],
    family: ['Tuilagi', 'Fifita', 'Ngata', 'Taufa', 'Leota', 'Walker', 'Tipoki', 'Naidu', 'Vunipola'],
  },
  european: {
    female: ['Anna', 'Sophie', 'Laura', 'Emma', 'Lea', 'Claire', 'Ingrid', 'Siti', 'Nattaya'],
    male: ['Lukas', 'Jan', 'Pierre', 'Hans', 'Willem', 'Jean', 'Erik', 'Budi', 'Somchai'],
    family: ['Müller', 'Schmidt', 'de Vries', 'van Dijk', 'Martin', 'Bernard', 'Jansen', 'Wijaya', 'Dubois', 'Fischer'],
  },
};

export interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
}

/** A name from the pool; a person who reports a gender other than woman or man gets either kind of given name. */
export const drawName = (random: Random, pool: NamePool, gender: 'female' | 'male' | 'other'): PersonName => {
  const names = POOLS[pool];
  const kind = gender === 'other' ? (random.chance(0.5) ? 'female' : 'male') : gender;
  return { firstName: random.pick(names[kind]), lastName: random.pick(names.family) };
};

/** An email local part from a name: letters only, lower case. */
export const emailLocal = (name: PersonName): string =>
  `${name.firstName}.${name.lastName}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
