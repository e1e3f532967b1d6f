/** Digits only, for tel: and wa.me links: "+91 98201 45678" -> "919820145678". */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The number with its country code: a 10-digit Indian mobile (as accounts keep them) or 0 and 10 digits gets 91. */
function internationalDigits(phone: string): string {
  const digits = phoneDigits(phone).replace(/^0(?=\d{10}$)/, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

export function telHref(phone: string): string {
  return `tel:+${internationalDigits(phone)}`;
}

/** WhatsApp's click-to-chat address; a 10-digit Indian number gets the 91 country code. */
export function whatsappHref(phone: string): string {
  return `https://wa.me/${internationalDigits(phone)}`;
}
