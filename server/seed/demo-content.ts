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
