/** Demo content seeded into an empty database: believable, Indian film-industry flavoured. */

export const demoSiteSettings = {
  siteName: 'CineVerse',
  siteDescription:
    "India's film-industry network: actors, writers, directors, DOPs, artists, production houses, casting agents, studios and learners in one place, with official merchandise.",
  siteLogo: 'logo.png',
  siteFavicon: 'favicon.png',
  sitePhone: '+91 98201 45678',
  siteWhatsapp: '+91 98201 45679',
  siteAddress: '4th Floor, Laxmi Industrial Estate, New Link Road, Andheri West, Mumbai 400053',
  facebook: 'https://www.facebook.com/cineverse.india',
  instagram: 'https://www.instagram.com/cineverse.india',
  youtube: 'https://www.youtube.com/@cineverseindia',
  // Left empty on purpose: the footer shows a social link only when its URL is set.
  linkedin: '',
};

export const demoCategories = [
  { name: 'Artist', description: 'Actors, dancers, voice artists and performers' },
  { name: 'Union', description: 'Film workers’ associations and guilds' },
  { name: 'Vendor', description: 'Camera rental, lighting, costumes and catering' },
  { name: 'Production House', description: 'Studios producing films, series and ads' },
  { name: 'Studio', description: 'Sound stages, dubbing and post-production studios' },
  { name: 'Shooting Location', description: 'Bungalows, forts, farms and streets ready for a shoot' },
  { name: 'Course', description: 'Acting, direction, editing and cinematography courses' },
  { name: 'Theatre', description: 'Theatre groups and performance spaces' },
];

/** Banner slides (1600 x 600 artwork). */
export const demoBanners = [
  {
    title: 'Auditions open: Monsoon Letters',
    kicker: 'Casting now',
    alt: 'Auditions open for Monsoon Letters, a Marathi-Hindi feature shooting in Konkan this winter',
    // Linked to its casting call when the calls are seeded (seedCastingContent).
    link: '',
  },
  {
    title: 'Book a sound stage in Goregaon',
    kicker: 'Studios',
    alt: 'Book a sound stage in Goregaon: floors, green rooms and generator vans by the day',
    link: '/category/Studio',
  },
  {
    title: 'Learn cinematography from working DOPs',
    kicker: 'Courses',
    alt: 'Learn cinematography from working directors of photography, weekend batches in Pune and Mumbai',
    link: '/category/Course',
  },
];

/**
 * Insider videos. The YouTube ids are placeholders in the right format: editors put real ones in; the player shows
 * YouTube's own "video unavailable" card until then.
 */
export const demoInsiders = [
  {
    title: 'On set: lighting a night chase in Film City',
    videoLink: 'https://www.youtube.com/watch?v=Xq3v7LmP2aB',
  },
  {
    title: 'What a casting director looks for in a self-tape',
    videoLink: 'https://www.youtube.com/watch?v=Kc8RtW1nZpQ',
  },
  {
    title: 'Inside the booth: dubbing a Tamil feature into Hindi',
    videoLink: 'https://youtu.be/Tn4bH6yVd0M',
  },
  {
    title: 'A day with the junior artistes of Goregaon',
    videoLink: 'https://www.youtube.com/watch?v=Jd2aQ9sLx5E',
  },
];

/**
 * A card links only to a page of its own; the demo items have none (a link to a directory section would send readers
 * somewhere unrelated), so their cards are not links until an editor gives them one.
 */
type DemoSectionItem = { title: string; description: string; link?: string };

/** Four items or more for every home page section (six for the carousels, so that they slide), by section type. */
export const demoSections: Record<string, { slug: string; items: DemoSectionItem[] }> = {
  'Cine News': {
    slug: 'news',
    items: [
      {
        title: 'Maharashtra adds 40 locations to its single-window shoot permits',
        description:
          'Forts, beaches and heritage streets can now be booked online, with permits in seven working days.',
      },
      {
        title: 'Konkan Film Festival opens submissions for South Asian debuts',
        description: 'First and second features in any Indian language may apply until 31 January.',
      },
      {
        title: 'Streaming platforms commission 60 regional-language series',
        description: 'Marathi, Bengali and Malayalam writers’ rooms are hiring for the coming year.',
      },
      {
        title: 'Cine workers’ federation signs a new wage agreement',
        description: 'Junior artistes, light-men and spot boys get a 12% rise in daily wages and a 12-hour shift cap.',
      },
    ],
  },
  'Cine Fashion': {
    slug: 'fashion',
    items: [
      {
        title: 'Dressing 1970s Bombay: a costume designer’s notebook',
        description: 'Bell-bottoms, terrycot shirts and chiffon saris sourced from Chor Bazaar and old tailors.',
      },
      {
        title: 'Kanjeevaram returns to the premiere red carpet',
        description: 'Handloom silks from Kanchipuram were the talk of this year’s premieres.',
      },
      {
        title: 'Styling a monsoon song: fabrics that survive the rain machine',
        description: 'Georgette, quick-dry linings and twelve identical outfits for one four-minute song.',
      },
      {
        title: 'The armour and jewellery of a Telugu fantasy epic',
        description: 'Over 2,000 pieces made in Hyderabad workshops, from brass to lightweight resin.',
      },
    ],
  },
  'Cine Course': {
    slug: 'course',
    items: [
      {
        title: 'Acting for the Camera',
        description: '12 weekends of audition technique, self-tapes and scene work, in Mumbai.',
      },
      {
        title: 'Cinematography Foundations',
        description: 'Exposure, lenses and lighting on ARRI and Sony cameras with working DOPs, in Pune.',
      },
      {
        title: 'Screenwriting Lab',
        description: 'From logline to first draft in 16 weeks, with a pitch to producers at the end.',
      },
      {
        title: 'Film Editing on DaVinci Resolve',
        description: 'Cutting dialogue, songs and action; online with live reviews every Saturday.',
      },
    ],
  },
  'Cine Audition': {
    slug: 'audition',
    items: [
      {
        title: 'Female lead, 22-28, Marathi-speaking: feature film',
        description: 'Shooting in Ratnagiri in February. Send a two-minute self-tape in Marathi.',
      },
      {
        title: 'Child artists, 8-12: Hindi web series',
        description: 'Auditions in Andheri West on Sundays; a parent must accompany the child.',
      },
      {
        title: 'Trained dancers for a song sequence in Hyderabad',
        description: 'Kuchipudi or Bharatanatyam background preferred; five shoot days in March.',
      },
      {
        title: 'Voice artists for a Hindi animated series',
        description: 'Two lead characters and six supporting voices; recordings in a Goregaon studio.',
      },
    ],
  },
  Testimonial: {
    slug: 'testimonial',
    items: [
      {
        title: 'Ananya Kulkarni, actor, Pune',
        description: 'I found my first feature audition here. The self-tape went straight to the casting director.',
      },
      {
        title: 'Rahul Menon, cinematographer, Kochi',
        description: 'Production houses now call me from my portfolio page. Three ad films came from it this year.',
      },
      {
        title: 'Farah Shaikh, casting director, Mumbai',
        description: 'Verified profiles save me days. I shortlist from the directory and meet only serious actors.',
      },
      {
        title: 'Vikram Reddy, line producer, Hyderabad',
        description: 'Locations, vendors and unions in one place: our last schedule was planned in a week.',
      },
      {
        title: 'Priya Nair, editor, Bengaluru',
        description: 'The editing course got me my first assistant job; my mentor still reviews my cuts.',
      },
      {
        title: 'Sandeep Chatterjee, theatre director, Kolkata',
        description: 'We cast our last two plays through CineVerse and filled every workshop seat.',
      },
    ],
  },
  'Cine Trailer': {
    slug: 'trailer',
    items: [
      {
        title: 'Monsoon Letters: official trailer',
        description: 'A postman and a widow exchange letters across one Konkan monsoon.',
        link: 'https://www.youtube.com/watch?v=Mn5sLt8QwRc',
      },
      {
        title: 'Kaagaz Ki Naav: teaser',
        description: 'Three children, one paper boat and the streets of old Lucknow.',
        link: 'https://www.youtube.com/watch?v=Pb7wYh2KdTe',
      },
      {
        title: 'The Last Show: trailer',
        description: 'The final night of a single-screen cinema in Girgaon.',
        link: 'https://youtu.be/Rz1cVn6GhUa',
      },
      {
        title: 'Dhoop Chhaon: official trailer',
        description: 'Two sisters run a dhaba on the Jaipur highway.',
        link: 'https://www.youtube.com/watch?v=Hw9eKs3LpXo',
      },
    ],
  },
  'Cine Awards': {
    slug: 'awards',
    items: [
      {
        title: 'CineVerse Critics’ Choice 2026: the nominations',
        description: 'Forty films in eleven languages, chosen by a jury of twelve critics.',
      },
      {
        title: 'Best Debut: five first-time directors',
        description: 'From a Bodo-language drama to a Mumbai heist comedy.',
      },
      {
        title: 'Technical awards honour sound design',
        description: 'Foley artists and mixers take the stage for the first time in the awards’ history.',
      },
      {
        title: 'Lifetime achievement for a veteran art director',
        description: 'Forty years of sets, from painted backdrops to LED volumes.',
      },
    ],
  },
  Magazine: {
    slug: 'magazine',
    items: [
      {
        title: 'Issue 14: New faces of regional cinema',
        description: 'Twelve actors from Assam to Kerala who are changing who gets cast.',
      },
      {
        title: 'Issue 13: Inside India’s studio boom',
        description: 'Why Hyderabad and Mumbai are building sound stages faster than ever.',
      },
      {
        title: 'Issue 12: Women behind the camera',
        description: 'Directors, DOPs and gaffers on getting hired and staying on set.',
      },
      {
        title: 'Issue 11: The background score',
        description: 'Music directors on writing for silence, action and song.',
      },
      {
        title: 'Issue 10: Locations beyond Mumbai',
        description: 'Why shoots are moving to Goa, Lucknow and the hills of Munnar.',
      },
      {
        title: 'Issue 9: The dubbing artists',
        description: 'The voices that carry a film into six more languages.',
      },
    ],
  },
};

type DemoEntry = [name: string, city: string, description: string];

/** Seven directory entries per category (pages of six, so the pagination shows). */
export const demoDirectory: Record<string, DemoEntry[]> = {
  Artist: [
    ['Ananya Kulkarni', 'Pune', 'Theatre-trained actor in Marathi, Hindi and English; leads in two feature films.'],
    ['Rohan Mehta', 'Mumbai', 'Screen actor and trained Kathak dancer, at home in action and stunt sequences.'],
    ['Meera Iyer', 'Chennai', 'Tamil and Malayalam actor with ten years in television and web series.'],
    ['Arjun Sethi', 'Mumbai', 'Voice artist for animation, dubbing and radio in Hindi, Punjabi and English.'],
    ['Kavya Reddy', 'Hyderabad', 'Telugu actor and Kuchipudi dancer for films and music videos.'],
    ['Imran Qureshi', 'Lucknow', 'Character actor for period dramas and an Urdu diction coach.'],
    ['Sneha Banerjee', 'Kolkata', 'Bengali film and stage actor with a state award for supporting roles.'],
  ],
  Union: [
    ['Film Junior Artistes’ Welfare Association', 'Mumbai', 'Registers junior artistes and agrees daily wages.'],
    ['Cine Costume and Make-up Artists’ Forum', 'Mumbai', 'Membership cards, wage charts and on-set disputes.'],
    ['Telugu Film Technicians’ Union', 'Hyderabad', 'Camera, light and art department crews of Telugu cinema.'],
    ['South Indian Cine Dancers’ Union', 'Chennai', 'Dancers and assistant choreographers for songs.'],
    ['Cine Light-men’s Welfare Association', 'Mumbai', 'Gaffers and light-men; insurance and shift rules.'],
    ['Bengal Motion Picture Workers’ Guild', 'Kolkata', 'Crews of Bengali films, series and ad shoots.'],
    ['Screenwriters’ Circle of Western India', 'Pune', 'Script registration, model contracts and legal help.'],
  ],
  Vendor: [
    ['Lensmen Camera Rentals', 'Mumbai', 'ARRI, RED and Sony Venice packages with lenses and a camera attendant.'],
    ['Prakash Lights and Gensets', 'Mumbai', 'HMI, LED and tungsten lights with silent generator vans.'],
    ['Chettinad Costume House', 'Chennai', 'Period and contemporary costumes, with tailoring on set.'],
    ['Annapurna Unit Caterers', 'Hyderabad', 'Unit meals for crews of 50 to 500, vegetarian and non-vegetarian.'],
    ['Gripworks India', 'Bengaluru', 'Dollies, cranes, jibs and licensed drone operators.'],
    ['Sound Sutra Location Audio', 'Pune', 'Location sound recordists with wireless kits and boom operators.'],
    ['Vanity on Wheels', 'Mumbai', 'Vanity vans and make-up rooms for outdoor shoots.'],
  ],
  'Production House': [
    ['Red Chilli Motion Pictures', 'Mumbai', 'Feature films and web series in Hindi and Marathi.'],
    ['Kaveri Talkies', 'Chennai', 'Tamil features and documentaries since 1998.'],
    ['Golconda Frames', 'Hyderabad', 'Telugu features and large VFX productions.'],
    ['Hooghly Films', 'Kolkata', 'Bengali cinema and streaming originals.'],
    ['Backwaters Productions', 'Kochi', 'Malayalam features and short films for festivals.'],
    ['Pink City Pictures', 'Jaipur', 'Ad films and period dramas shot across Rajasthan.'],
    ['Chai Break Studios', 'Mumbai', 'Short-form content, ads and branded series.'],
  ],
  Studio: [
    ['Sapphire Sound Stages', 'Mumbai', 'Three sound stages up to 20,000 sq ft in Goregaon, with green rooms.'],
    ['Dubbing Ghar', 'Mumbai', 'Dubbing and ADR studios for Hindi and regional languages.'],
    ['Ramanujan Post', 'Chennai', 'DI grading, editing suites and a Dolby mixing theatre.'],
    ['Nizam Floors', 'Hyderabad', 'Indoor floors with standing sets: hospital, police station and court.'],
    ['Bay Sound Studio', 'Kolkata', 'Music recording and background score sessions.'],
    ['Blue Frame VFX', 'Pune', 'VFX, compositing and motion graphics.'],
    ['Periyar Colour Lab', 'Kochi', 'Colour grading and film restoration.'],
  ],
  'Shooting Location': [
    ['Portuguese Villa, Assagao', 'Goa', 'Heritage villa with a courtyard and garden; parking for three vans.'],
    ['Haveli with a fort view', 'Jaipur', 'Terraces facing the fort and period interiors.'],
    ['Sea-facing bungalow, Bandra', 'Mumbai', 'A family home for dramas and ad films.'],
    ['Coffee estate farmhouse', 'Madikeri', 'Plantation, stream and an old planter’s bungalow.'],
    ['Jute mill warehouse', 'Kolkata', 'High ceilings, gantries and brick walls for action scenes.'],
    ['Tea estate hillside', 'Munnar', 'Rolling tea gardens with permits arranged by the estate.'],
    ['Old City lanes near Charminar', 'Hyderabad', 'Street shoots with permits and local coordinators.'],
  ],
  Course: [
    ['Acting for the Camera', 'Mumbai', '12 weekends: audition technique, self-tapes and scene work.'],
    ['Cinematography Foundations', 'Pune', 'Exposure, lenses and lighting with working DOPs.'],
    ['Screenwriting Lab', 'Mumbai', 'From logline to first draft in 16 weeks.'],
    ['Film Editing on DaVinci Resolve', 'Bengaluru', 'Dialogue, song and action editing with live reviews.'],
    ['Direction Workshop', 'Chennai', 'Blocking, working with actors and shot design over 8 weeks.'],
    ['Make-up and Prosthetics for Film', 'Hyderabad', 'Character, ageing and injury make-up.'],
    ['Sound Design Essentials', 'Kochi', 'Foley, ambience and mixing for short films.'],
  ],
  Theatre: [
    ['Rangmanch Repertory', 'Mumbai', 'Hindi and Urdu plays, with auditions every quarter.'],
    ['Natak Mandali', 'Pune', 'Experimental Marathi theatre and workshops for newcomers.'],
    ['Koothu Kalari', 'Chennai', 'Tamil street and folk theatre.'],
    ['Gariahat Natya Sansad', 'Kolkata', 'Bengali theatre group with a 120-seat studio space.'],
    ['Indiranagar Playhouse', 'Bengaluru', 'English and Kannada plays, open mics and readings.'],
    ['Lucknow Rangmanch', 'Lucknow', 'Urdu drama and dastangoi evenings.'],
    ['Kathputli Theatre Collective', 'Jaipur', 'Puppetry and folk theatre from Rajasthan.'],
  ],
};
