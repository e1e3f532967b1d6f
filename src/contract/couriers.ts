/**
 * The couriers Indian shops ship with, and the public page that tracks a parcel by its AWB (tracking) number: staff
 * pick one, and the tracking link is written for them. `{awb}` is replaced by the number, URL-encoded. Another courier
 * may still be typed, with its link.
 */
export const couriers = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={awb}' },
  {
    name: 'DTDC',
    trackingUrl: 'https://www.dtdc.in/tracking/shipment-tracking.asp?strCnno={awb}&TrkType=cnno',
  },
  {
    name: 'India Post',
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?cn={awb}',
  },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
] as const;

/** The tracking page of `awb` with the courier named `courier` (any case), or null for a courier not in the list. */
export function courierTrackingUrl(courier: string, awb: string): string | null {
  const known = couriers.find((entry) => entry.name.toLowerCase() === courier.trim().toLowerCase());
  const number = awb.trim();
  return known && number ? known.trackingUrl.replace('{awb}', encodeURIComponent(number)) : null;
}

/**
 * A link as people paste it, with `https://` in front when it has no scheme (`www.delhivery.com/track/...`). A link
 * with another scheme (`javascript:`) is left as it is, for the check that follows to refuse.
 */
export function withWebScheme(link: string): string {
  const trimmed = link.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}
