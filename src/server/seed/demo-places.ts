/**
 * Where the generated demo creators live, with names people there commonly have, so the
 * discovery filters (country, language, ethnicity) show believable combinations.
 */
export interface DemoPlace {
  country: string;
  cities: string[];
  /** ISO 639-3, as GET /languages/list gives them. */
  languages: string[];
  female: string[];
  male: string[];
  /** Names used by people of any gender. */
  neutral: string[];
  last: string[];
  /** Weighted ethnicity values of spec 3. */
  ethnicities: [string, number][];
  /** How often this place is picked. */
  weight: number;
}

const MIXED: [string, number][] = [['white', 5], ['black', 2], ['latino', 1], ['hispanic', 1], ['asian', 1.5], ['american_indian', 0.3], ['pacific_islander', 0.3]];
const EUROPE: [string, number][] = [['white', 8], ['black', 1], ['asian', 1]];
const HISPANIC: [string, number][] = [['hispanic', 4], ['latino', 4], ['white', 1]];

export const DEMO_PLACES: DemoPlace[] = [
  { country: 'US', cities: ['New York', 'Los Angeles', 'Austin', 'Miami', 'Chicago'], languages: ['eng'], weight: 5,
    female: ['Emma', 'Harper', 'Madison', 'Avery', 'Jasmine'], male: ['Ethan', 'Caleb', 'Marcus', 'Tyler'], neutral: ['Jordan', 'Riley'],
    last: ['Carter', 'Brooks', 'Parker', 'Hayes', 'Coleman', 'Jenkins'], ethnicities: MIXED },
  { country: 'GB', cities: ['London', 'Manchester', 'Bristol', 'Edinburgh', 'Brighton'], languages: ['eng'], weight: 3,
    female: ['Olivia', 'Isla', 'Poppy', 'Megan'], male: ['Oliver', 'Harry', 'Callum'], neutral: ['Alex', 'Charlie'],
    last: ['Walsh', 'Hughes', 'Bennett', 'Fletcher', 'Ellis'], ethnicities: MIXED },
  { country: 'CA', cities: ['Toronto', 'Vancouver', 'Montreal'], languages: ['eng', 'fra'], weight: 2,
    female: ['Chloe', 'Maya', 'Brooke'], male: ['Liam', 'Nathan', 'Owen'], neutral: ['River'],
    last: ['Tremblay', 'Roy', 'Campbell', 'MacDonald'], ethnicities: MIXED },
  { country: 'AU', cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'], languages: ['eng'], weight: 2,
    female: ['Ruby', 'Matilda', 'Sienna'], male: ['Jack', 'Cooper', 'Lachlan'], neutral: ['Sam'],
    last: ['Kelly', 'Mitchell', 'Harris', 'Murray'], ethnicities: MIXED },
  { country: 'IE', cities: ['Dublin', 'Cork', 'Galway'], languages: ['eng', 'gle'], weight: 1,
    female: ['Aoife', 'Niamh', 'Ciara'], male: ['Cian', 'Oisín', 'Darragh'], neutral: ['Rory'],
    last: ['Murphy', 'Byrne', "O'Connor", 'Gallagher'], ethnicities: EUROPE },
  { country: 'ES', cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville'], languages: ['spa', 'eng'], weight: 2,
    female: ['Lucía', 'Martina', 'Paula'], male: ['Javier', 'Pablo', 'Álvaro'], neutral: ['Ariel'],
    last: ['García', 'Navarro', 'Romero', 'Ortega', 'Serrano'], ethnicities: [['white', 4], ['hispanic', 3]] },
  { country: 'MX', cities: ['Mexico City', 'Guadalajara', 'Monterrey', 'Oaxaca'], languages: ['spa'], weight: 2,
    female: ['Valentina', 'Ximena', 'Daniela'], male: ['Santiago', 'Diego', 'Emiliano'], neutral: ['Cruz'],
    last: ['Hernández', 'Morales', 'Castillo', 'Reyes', 'Vargas'], ethnicities: HISPANIC },
  { country: 'CO', cities: ['Medellín', 'Bogotá', 'Cali', 'Cartagena'], languages: ['spa'], weight: 1,
    female: ['Camila', 'Isabella', 'Mariana'], male: ['Andrés', 'Sebastián', 'Felipe'], neutral: ['Dani'],
    last: ['Restrepo', 'Gómez', 'Ospina', 'Herrera'], ethnicities: HISPANIC },
  { country: 'BR', cities: ['São Paulo', 'Rio de Janeiro', 'Florianópolis', 'Salvador'], languages: ['por'], weight: 2,
    female: ['Beatriz', 'Larissa', 'Juliana'], male: ['Gabriel', 'Thiago', 'Rafael'], neutral: ['Dani'],
    last: ['Silva', 'Santos', 'Oliveira', 'Costa', 'Almeida'], ethnicities: [['latino', 4], ['white', 3], ['black', 3]] },
  { country: 'FR', cities: ['Paris', 'Lyon', 'Marseille', 'Bordeaux'], languages: ['fra', 'eng'], weight: 2,
    female: ['Camille', 'Léa', 'Manon', 'Inès'], male: ['Hugo', 'Louis', 'Théo'], neutral: ['Sacha', 'Charlie'],
    last: ['Moreau', 'Dubois', 'Laurent', 'Girard', 'Fontaine'], ethnicities: EUROPE },
  { country: 'DE', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne'], languages: ['deu', 'eng'], weight: 2,
    female: ['Lena', 'Hannah', 'Marie'], male: ['Jonas', 'Felix', 'Leon'], neutral: ['Kim'],
    last: ['Fischer', 'Becker', 'Wagner', 'Hoffmann', 'Krüger'], ethnicities: EUROPE },
  { country: 'IT', cities: ['Milan', 'Rome', 'Bologna', 'Naples', 'Florence'], languages: ['ita', 'eng'], weight: 2,
    female: ['Giulia', 'Chiara', 'Francesca'], male: ['Luca', 'Matteo', 'Lorenzo'], neutral: ['Andrea'],
    last: ['Rossi', 'Bianchi', 'Romano', 'Conti', 'Ricci'], ethnicities: EUROPE },
  { country: 'NL', cities: ['Amsterdam', 'Rotterdam', 'Utrecht'], languages: ['nld', 'eng'], weight: 1,
    female: ['Anouk', 'Sanne', 'Fleur'], male: ['Daan', 'Sem', 'Bram'], neutral: ['Noa'],
    last: ['de Vries', 'Jansen', 'Bakker', 'Visser'], ethnicities: EUROPE },
  { country: 'SE', cities: ['Stockholm', 'Gothenburg', 'Malmö'], languages: ['swe', 'eng'], weight: 1,
    female: ['Freya', 'Elsa', 'Ingrid'], male: ['Erik', 'Axel', 'Nils'], neutral: ['Robin'],
    last: ['Lindqvist', 'Andersson', 'Berg', 'Nyström'], ethnicities: EUROPE },
  { country: 'PL', cities: ['Warsaw', 'Kraków', 'Gdańsk'], languages: ['pol', 'eng'], weight: 1,
    female: ['Zofia', 'Natalia', 'Alicja'], male: ['Jakub', 'Kacper', 'Filip'], neutral: ['Sasha'],
    last: ['Nowak', 'Wójcik', 'Mazur', 'Krawczyk'], ethnicities: EUROPE },
  { country: 'JP', cities: ['Tokyo', 'Osaka', 'Kyoto', 'Fukuoka'], languages: ['jpn', 'eng'], weight: 2,
    female: ['Yuki', 'Hana', 'Aoi', 'Sakura'], male: ['Haruto', 'Ren', 'Sota'], neutral: ['Hikaru'],
    last: ['Tanaka', 'Nakamura', 'Watanabe', 'Sato', 'Kobayashi'], ethnicities: [['asian', 1]] },
  { country: 'KR', cities: ['Seoul', 'Busan', 'Incheon'], languages: ['kor', 'eng'], weight: 1,
    female: ['Ji-woo', 'Seo-yeon', 'Min-ji'], male: ['Min-jun', 'Do-yun', 'Joon'], neutral: ['Haneul'],
    last: ['Kim', 'Park', 'Choi', 'Jung'], ethnicities: [['asian', 1]] },
  { country: 'IN', cities: ['Mumbai', 'Bengaluru', 'Delhi', 'Goa'], languages: ['hin', 'eng'], weight: 1,
    female: ['Priya', 'Ananya', 'Meera'], male: ['Arjun', 'Rohan', 'Kabir'], neutral: ['Kiran'],
    last: ['Sharma', 'Iyer', 'Kapoor', 'Menon'], ethnicities: [['asian', 1]] },
  { country: 'NG', cities: ['Lagos', 'Abuja', 'Port Harcourt'], languages: ['eng', 'yor'], weight: 1,
    female: ['Amara', 'Chioma', 'Temi'], male: ['Tunde', 'Chidi', 'Emeka'], neutral: ['Ayo'],
    last: ['Okafor', 'Adeyemi', 'Balogun', 'Eze'], ethnicities: [['black', 1]] },
];
