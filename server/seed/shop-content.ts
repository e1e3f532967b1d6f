/**
 * Demo merchandise, coupons and the demo shopper. Prices are rupees here for readability and become paise when
 * seeded. Stock is low on a few products and zero on one, so the stock states show; the snacks are perishable.
 */
export interface DemoProduct {
  name: string;
  category: string;
  description: string;
  mrp: number;
  price: number;
  stock: number;
  perishable?: boolean;
  /** Apparel's sizes with their stock (which adds up to `stock`) and SKU suffix; none for a product sold as one. */
  sizes?: { label: string; stock: number }[];
}

export const demoProducts: DemoProduct[] = [
  {
    name: 'Clapperboard Classic Tee',
    category: 'Apparel',
    description: 'Soft 180 GSM combed cotton tee with a screen-printed clapperboard. Regular fit, pre-shrunk.',
    mrp: 899,
    price: 599,
    stock: 40,
    sizes: [
      { label: 'S', stock: 6 },
      { label: 'M', stock: 10 },
      { label: 'L', stock: 10 },
      { label: 'XL', stock: 8 },
      { label: 'XXL', stock: 6 },
    ],
  },
  {
    name: 'Director’s Chair Hoodie',
    category: 'Apparel',
    description:
      'Fleece-lined hoodie with an embroidered director’s chair on the chest and “Quiet on set” on the back.',
    mrp: 2499,
    price: 1799,
    stock: 18,
    // M in stock, XL sold out: both states of the size picker show.
    sizes: [
      { label: 'S', stock: 5 },
      { label: 'M', stock: 6 },
      { label: 'L', stock: 4 },
      { label: 'XL', stock: 0 },
      { label: 'XXL', stock: 3 },
    ],
  },
  {
    name: 'Lights Camera Action Cap',
    category: 'Apparel',
    description: 'Six-panel cotton twill cap with an adjustable brass buckle and an embroidered film reel.',
    mrp: 799,
    price: 499,
    stock: 3,
  },
  {
    name: 'Crew Call Sheet Tote',
    category: 'Accessories',
    description: 'Heavy canvas tote printed with a vintage call sheet. Fits a laptop, a script and a thermos.',
    mrp: 699,
    price: 449,
    stock: 55,
  },
  {
    name: 'Film Reel Enamel Pin Set',
    category: 'Accessories',
    description: 'Five hard-enamel pins: a reel, a clapper, a megaphone, a spotlight and a ticket.',
    mrp: 999,
    price: 699,
    stock: 24,
  },
  {
    name: 'Screenwriter’s Leather Notebook',
    category: 'Accessories',
    description: 'A5 notebook in vegetable-tanned leather with 200 pages of screenplay-ruled paper.',
    mrp: 1499,
    price: 1199,
    stock: 2,
  },
  {
    name: 'Golden Era Bollywood Poster Set',
    category: 'Posters & Art',
    description: 'Three A3 art prints in the hand-painted style of 1960s hoarding posters, on 300 GSM matte paper.',
    mrp: 1799,
    price: 1299,
    stock: 30,
  },
  {
    name: 'Single Screen Theatre Print',
    category: 'Posters & Art',
    description: 'An illustrated print of a Mumbai single-screen cinema at dusk. A2, signed by the artist.',
    mrp: 2999,
    price: 2499,
    stock: 8,
  },
  {
    name: 'Storyboard Sketch Frame',
    category: 'Posters & Art',
    description: 'A framed reproduction of a six-panel storyboard, in a teak frame ready to hang.',
    mrp: 3999,
    price: 3299,
    stock: 5,
  },
  {
    name: 'Vintage Movie Ticket Wall Art',
    category: 'Posters & Art',
    description: 'A collage print of balcony and dress-circle tickets from the 1970s, A3.',
    mrp: 1199,
    price: 899,
    stock: 0,
  },
  {
    name: 'Miniature Clapperboard',
    category: 'Collectibles',
    description: 'A working 20 cm acrylic clapperboard with chalk pen; write your scene and take.',
    mrp: 999,
    price: 749,
    stock: 35,
  },
  {
    name: 'Die-cast Vintage Film Camera',
    category: 'Collectibles',
    description: 'A 1:6 die-cast model of a 35 mm studio camera, with a turning reel and a wooden base.',
    mrp: 5999,
    price: 4999,
    stock: 4,
  },
  {
    name: 'Director’s Megaphone Replica',
    category: 'Collectibles',
    description: 'A brass-finished desk replica of a classic director’s megaphone. 25 cm tall.',
    mrp: 2499,
    price: 1999,
    stock: 12,
  },
  {
    name: 'Award Night Trophy Replica',
    category: 'Collectibles',
    description: 'A gold-plated statuette with an engraving plate, for your own best-performance awards.',
    mrp: 3499,
    price: 2799,
    stock: 15,
  },
  {
    name: 'Film Strip Bookmark Pack',
    category: 'Books & Stationery',
    description: 'Six metal bookmarks cut as film strips, each with a famous line from Indian cinema.',
    mrp: 399,
    price: 249,
    stock: 80,
  },
  {
    name: 'The Art of Indian Cinematography',
    category: 'Books & Stationery',
    description: 'A hardbound study of light and frame in Indian films, with 220 stills and interviews with DOPs.',
    mrp: 2999,
    price: 2399,
    stock: 20,
  },
  {
    name: 'Screenplay Writing Workbook',
    category: 'Books & Stationery',
    description: 'Exercises for structure, scene and dialogue, with blank pages in screenplay format.',
    mrp: 799,
    price: 599,
    stock: 45,
  },
  {
    name: 'Casting Call Diary 2027',
    category: 'Books & Stationery',
    description: 'A dated diary for auditions, shoots and call times, with a pocket for headshots.',
    mrp: 699,
    price: 499,
    stock: 60,
  },
  {
    name: 'Popcorn Bucket Mug',
    category: 'Home & Decor',
    description: 'A 350 ml ceramic mug shaped like a striped popcorn bucket. Dishwasher safe.',
    mrp: 599,
    price: 399,
    stock: 70,
  },
  {
    name: 'Marquee Lights Sign',
    category: 'Home & Decor',
    description: 'A “NOW SHOWING” marquee sign with warm LED bulbs and a USB cable. 45 cm wide.',
    mrp: 3999,
    price: 2999,
    stock: 9,
  },
  {
    name: 'Director’s Cut Cushion Cover',
    category: 'Home & Decor',
    description: 'A cotton-linen cushion cover, 40 x 40 cm, printed with a scene slate.',
    mrp: 699,
    price: 549,
    stock: 1,
  },
  {
    name: 'Film Reel Wall Clock',
    category: 'Home & Decor',
    description: 'A silent wall clock made from a real 35 mm film reel. 30 cm across.',
    mrp: 1999,
    price: 1599,
    stock: 14,
  },
  {
    name: 'Masala Popcorn Premiere Pack',
    category: 'Snacks & Treats',
    description: 'Four tins of small-batch masala, caramel, cheese and peri-peri popcorn. Best within 30 days.',
    mrp: 799,
    price: 649,
    stock: 50,
    perishable: true,
  },
  {
    name: 'Mumbai Chai Masala Tin',
    category: 'Snacks & Treats',
    description: 'A 100 g blend of cardamom, ginger and clove for the cutting chai of long shoot nights.',
    mrp: 449,
    price: 349,
    stock: 4,
    perishable: true,
  },
  {
    name: 'Interval Chocolate Box',
    category: 'Snacks & Treats',
    description: 'Twelve hand-made chocolates in a box printed like a cinema ticket. Keep cool; best within 20 days.',
    mrp: 999,
    price: 849,
    stock: 25,
    perishable: true,
  },
  {
    name: 'Premiere Night Gift Hamper',
    category: 'Snacks & Treats',
    description: 'Popcorn, chai, chocolates and a popcorn mug in a gift box with a handwritten card.',
    mrp: 2499,
    price: 1999,
    stock: 10,
    perishable: true,
  },
];

const DAY = 24 * 60 * 60 * 1000;

export interface DemoCoupon {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  /** A percentage, or rupees for flat coupons. */
  value: number;
  /** Rupees. */
  minOrder: number;
  maxDiscount: number | null;
  startsInDays: number | null;
  endsInDays: number | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  active: boolean;
}

export const demoCoupons: DemoCoupon[] = [
  {
    code: 'FIRSTTAKE',
    description: '10% off your first order of ₹499 or more, up to ₹200',
    kind: 'percent',
    value: 10,
    minOrder: 499,
    maxDiscount: 200,
    startsInDays: null,
    endsInDays: null,
    usageLimit: null,
    perUserLimit: 1,
    active: true,
  },
  {
    code: 'FLAT150',
    description: '₹150 off orders of ₹999 or more',
    kind: 'flat',
    value: 150,
    minOrder: 999,
    maxDiscount: null,
    startsInDays: null,
    endsInDays: 90,
    usageLimit: 500,
    perUserLimit: 3,
    active: true,
  },
  {
    code: 'BLOCKBUSTER20',
    description: '20% off orders of ₹2,999 or more, up to ₹800',
    kind: 'percent',
    value: 20,
    minOrder: 2999,
    maxDiscount: 800,
    startsInDays: -10,
    endsInDays: 30,
    usageLimit: 100,
    perUserLimit: 1,
    active: true,
  },
  {
    code: 'PREMIERE2025',
    description: 'Last year’s premiere offer: 25% off',
    kind: 'percent',
    value: 25,
    minOrder: 0,
    maxDiscount: 500,
    startsInDays: -400,
    endsInDays: -300,
    usageLimit: null,
    perUserLimit: 1,
    active: true,
  },
  {
    code: 'CREWONLY',
    description: 'Paused crew discount',
    kind: 'flat',
    value: 300,
    minOrder: 0,
    maxDiscount: null,
    startsInDays: null,
    endsInDays: null,
    usageLimit: null,
    perUserLimit: null,
    active: false,
  },
];

export function couponWindow(coupon: DemoCoupon, now: number): { startsAt: Date | null; endsAt: Date | null } {
  return {
    startsAt: coupon.startsInDays === null ? null : new Date(now + coupon.startsInDays * DAY),
    endsAt: coupon.endsInDays === null ? null : new Date(now + coupon.endsInDays * DAY),
  };
}

/** The demo shopper of the README. */
export const demoShopper = {
  name: 'Meera Iyer',
  email: 'meera@cineverse.in',
  password: 'Showreel@2026',
  phone: '9876543210',
};

export const demoAddress = {
  name: 'Meera Iyer',
  phone: '9876543210',
  line1: 'Flat 402, Kalpataru Heights',
  line2: 'Yari Road, Versova',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400061',
};

/** Past orders of the demo shopper: product names and quantities, a status and an age in days. */
export const demoOrders: {
  items: [string, number][];
  status: 'placed' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  daysAgo: number;
}[] = [
  {
    items: [
      ['Golden Era Bollywood Poster Set', 1],
      ['Film Strip Bookmark Pack', 2],
    ],
    status: 'delivered',
    daysAgo: 45,
  },
  { items: [['Director’s Chair Hoodie', 1]], status: 'shipped', daysAgo: 6 },
  {
    items: [
      ['Masala Popcorn Premiere Pack', 1],
      ['Popcorn Bucket Mug', 1],
    ],
    status: 'confirmed',
    daysAgo: 2,
  },
  { items: [['Crew Call Sheet Tote', 1]], status: 'cancelled', daysAgo: 20 },
  {
    items: [
      ['Screenplay Writing Workbook', 1],
      ['Casting Call Diary 2027', 1],
    ],
    status: 'placed',
    daysAgo: 1,
  },
];

/** One demo account per staff role, all with one password (README, Demo accounts). Never for a real site. */
export const demoStaffPassword = 'Backstage@2026';
export const demoStaff = [
  { name: 'Asha Rao', email: 'admin@cineverse.in', role: 'admin' },
  { name: 'Kabir Sen', email: 'editor@cineverse.in', role: 'editor' },
  { name: 'Farah Khan', email: 'shop@cineverse.in', role: 'shop_manager' },
  { name: 'Vikram Das', email: 'moderator@cineverse.in', role: 'moderator' },
] as const;

/**
 * Each demo product's HSN code and GST rate (per cent) since 22 Sep 2025 (Notification 9/2025-Central Tax (Rate) and
 * its IGST twin; docs/decisions/2026-11-28-gst-invoices.md gives the entries and sources). Apparel and made-up
 * textiles are 5 % at a sale value up to ₹2,500 a piece, 18 % above: every demo piece is below.
 */
export const demoProductTax: Record<string, { hsn: string; rate: 0 | 5 | 12 | 18 | 28 }> = {
  'Clapperboard Classic Tee': { hsn: '6109', rate: 5 },
  'Director’s Chair Hoodie': { hsn: '6110', rate: 5 },
  'Lights Camera Action Cap': { hsn: '6505', rate: 18 },
  'Crew Call Sheet Tote': { hsn: '4202', rate: 18 },
  'Film Reel Enamel Pin Set': { hsn: '8306', rate: 18 },
  'Screenwriter’s Leather Notebook': { hsn: '4820', rate: 0 },
  'Golden Era Bollywood Poster Set': { hsn: '4911', rate: 18 },
  'Single Screen Theatre Print': { hsn: '4911', rate: 18 },
  'Storyboard Sketch Frame': { hsn: '4911', rate: 18 },
  'Vintage Movie Ticket Wall Art': { hsn: '4911', rate: 18 },
  'Miniature Clapperboard': { hsn: '3926', rate: 18 },
  'Die-cast Vintage Film Camera': { hsn: '9503', rate: 5 },
  'Director’s Megaphone Replica': { hsn: '8306', rate: 18 },
  'Award Night Trophy Replica': { hsn: '8306', rate: 18 },
  'Film Strip Bookmark Pack': { hsn: '8306', rate: 18 },
  'The Art of Indian Cinematography': { hsn: '4901', rate: 0 },
  'Screenplay Writing Workbook': { hsn: '4820', rate: 0 },
  'Casting Call Diary 2027': { hsn: '4820', rate: 18 },
  'Popcorn Bucket Mug': { hsn: '6912', rate: 5 },
  'Marquee Lights Sign': { hsn: '9405', rate: 18 },
  'Director’s Cut Cushion Cover': { hsn: '6304', rate: 5 },
  'Film Reel Wall Clock': { hsn: '9105', rate: 18 },
  'Masala Popcorn Premiere Pack': { hsn: '1904', rate: 5 },
  'Mumbai Chai Masala Tin': { hsn: '0910', rate: 5 },
  'Interval Chocolate Box': { hsn: '1806', rate: 5 },
  'Premiere Night Gift Hamper': { hsn: '1806', rate: 5 },
};
