/** Digits only, for tel: and wa.me links: "+91 98201 45678" -> "919820145678". */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function telHref(phone: string): string {
  return `tel:+${phoneDigits(phone)}`;
}

/** WhatsApp's click-to-chat address; a 10-digit Indian number gets the 91 country code. */
export function whatsappHref(phone: string): string {
  const digits = phoneDigits(phone);
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}
