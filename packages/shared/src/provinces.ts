/**
 * The 77 provinces of Thailand as a licence plate names them: Bangkok (กรุงเทพมหานคร) and the
 * 76 others, in the Royal Institute's Thai spelling, with the romanised names of the Department
 * of Provincial Administration for screens in other languages. What a plate keeps is the Thai
 * name, exactly as here.
 */
export interface Province {
  th: string;
  en: string;
}

export const PROVINCES: readonly Province[] = [
  { th: 'กรุงเทพมหานคร', en: 'Bangkok' },
  { th: 'กระบี่', en: 'Krabi' },
  { th: 'กาญจนบุรี', en: 'Kanchanaburi' },
  { th: 'กาฬสินธุ์', en: 'Kalasin' },
  { th: 'กำแพงเพชร', en: 'Kamphaeng Phet' },
  { th: 'ขอนแก่น', en: 'Khon Kaen' },
  { th: 'จันทบุรี', en: 'Chanthaburi' },
  { th: 'ฉะเชิงเทรา', en: 'Chachoengsao' },
  { th: 'ชลบุรี', en: 'Chon Buri' },
  { th: 'ชัยนาท', en: 'Chai Nat' },
  { th: 'ชัยภูมิ', en: 'Chaiyaphum' },
  { th: 'ชุมพร', en: 'Chumphon' },
  { th: 'เชียงราย', en: 'Chiang Rai' },
  { th: 'เชียงใหม่', en: 'Chiang Mai' },
  { th: 'ตรัง', en: 'Trang' },
  { th: 'ตราด', en: 'Trat' },
  { th: 'ตาก', en: 'Tak' },
  { th: 'นครนายก', en: 'Nakhon Nayok' },
  { th: 'นครปฐม', en: 'Nakhon Pathom' },
  { th: 'นครพนม', en: 'Nakhon Phanom' },
  { th: 'นครราชสีมา', en: 'Nakhon Ratchasima' },
  { th: 'นครศรีธรรมราช', en: 'Nakhon Si Thammarat' },
  { th: 'นครสวรรค์', en: 'Nakhon Sawan' },
  { th: 'นนทบุรี', en: 'Nonthaburi' },
  { th: 'นราธิวาส', en: 'Narathiwat' },
  { th: 'น่าน', en: 'Nan' },
  { th: 'บึงกาฬ', en: 'Bueng Kan' },
  { th: 'บุรีรัมย์', en: 'Buri Ram' },
  { th: 'ปทุมธานี', en: 'Pathum Thani' },
  { th: 'ประจวบคีรีขันธ์', en: 'Prachuap Khiri Khan' },
  { th: 'ปราจีนบุรี', en: 'Prachin Buri' },
  { th: 'ปัตตานี', en: 'Pattani' },
  { th: 'พระนครศรีอยุธยา', en: 'Phra Nakhon Si Ayutthaya' },
  { th: 'พะเยา', en: 'Phayao' },
  { th: 'พังงา', en: 'Phangnga' },
  { th: 'พัทลุง', en: 'Phatthalung' },
  { th: 'พิจิตร', en: 'Phichit' },
  { th: 'พิษณุโลก', en: 'Phitsanulok' },
  { th: 'เพชรบุรี', en: 'Phetchaburi' },
  { th: 'เพชรบูรณ์', en: 'Phetchabun' },
  { th: 'แพร่', en: 'Phrae' },
  { th: 'ภูเก็ต', en: 'Phuket' },
  { th: 'มหาสารคาม', en: 'Maha Sarakham' },
  { th: 'มุกดาหาร', en: 'Mukdahan' },
  { th: 'แม่ฮ่องสอน', en: 'Mae Hong Son' },
  { th: 'ยโสธร', en: 'Yasothon' },
  { th: 'ยะลา', en: 'Yala' },
  { th: 'ร้อยเอ็ด', en: 'Roi Et' },
  { th: 'ระนอง', en: 'Ranong' },
  { th: 'ระยอง', en: 'Rayong' },
  { th: 'ราชบุรี', en: 'Ratchaburi' },
  { th: 'ลพบุรี', en: 'Lop Buri' },
  { th: 'ลำปาง', en: 'Lampang' },
  { th: 'ลำพูน', en: 'Lamphun' },
  { th: 'เลย', en: 'Loei' },
  { th: 'ศรีสะเกษ', en: 'Si Sa Ket' },
  { th: 'สกลนคร', en: 'Sakon Nakhon' },
  { th: 'สงขลา', en: 'Songkhla' },
  { th: 'สตูล', en: 'Satun' },
  { th: 'สมุทรปราการ', en: 'Samut Prakan' },
  { th: 'สมุทรสงคราม', en: 'Samut Songkhram' },
  { th: 'สมุทรสาคร', en: 'Samut Sakhon' },
  { th: 'สระแก้ว', en: 'Sa Kaeo' },
  { th: 'สระบุรี', en: 'Saraburi' },
  { th: 'สิงห์บุรี', en: 'Sing Buri' },
  { th: 'สุโขทัย', en: 'Sukhothai' },
  { th: 'สุพรรณบุรี', en: 'Suphan Buri' },
  { th: 'สุราษฎร์ธานี', en: 'Surat Thani' },
  { th: 'สุรินทร์', en: 'Surin' },
  { th: 'หนองคาย', en: 'Nong Khai' },
  { th: 'หนองบัวลำภู', en: 'Nong Bua Lam Phu' },
  { th: 'อ่างทอง', en: 'Ang Thong' },
  { th: 'อำนาจเจริญ', en: 'Amnat Charoen' },
  { th: 'อุดรธานี', en: 'Udon Thani' },
  { th: 'อุตรดิตถ์', en: 'Uttaradit' },
  { th: 'อุทัยธานี', en: 'Uthai Thani' },
  { th: 'อุบลราชธานี', en: 'Ubon Ratchathani' },
];

const BY_THAI_NAME = new Map(PROVINCES.map((p) => [p.th, p]));

/** The province with this Thai name, as a plate writes it. */
export function provinceByName(name: string): Province | undefined {
  return BY_THAI_NAME.get(name);
}

/**
 * The provinces whose names start with what was typed: the Thai name, the English name or one of
 * its words ("ayu" finds Phra Nakhon Si Ayutthaya), case and spaces aside. Thai names that only
 * hold it come after ("อยุธยา" finds พระนครศรีอยุธยา, as people call it). Nothing typed: all.
 */
export function searchProvinces(typed: string, provinces: readonly Province[] = PROVINCES): Province[] {
  const query = typed.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (query === '') return [...provinces];
  const starts = provinces.filter(
    (p) =>
      p.th.startsWith(query) ||
      p.en.toLowerCase().startsWith(query) ||
      p.en
        .toLowerCase()
        .split(' ')
        .some((word) => word.startsWith(query)),
  );
  const inside = provinces.filter((p) => !starts.includes(p) && p.th.includes(query));
  return [...starts, ...inside];
}
