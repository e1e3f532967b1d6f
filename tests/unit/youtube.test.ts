import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeVideoId } from '@/contract/youtube';

describe('youtubeVideoId', () => {
  it('finds the id in watch, short, embed and shorts addresses', () => {
    const id = 'Xq3v7LmP2aB';
    for (const link of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?v=${id}&t=42s`,
      `https://m.youtube.com/watch?feature=share&v=${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      ` http://youtube.com/watch?v=${id} `,
    ]) {
      expect(youtubeVideoId(link), link).toBe(id);
    }
  });

  it('refuses other hosts, other schemes, broken ids and look-alike hosts', () => {
    for (const link of [
      'https://vimeo.com/123456789',
      'https://www.youtube.com.evil.example/watch?v=Xq3v7LmP2aB',
      'https://evil.example/embed/Xq3v7LmP2aB',
      'javascript:alert(1)//https://youtu.be/Xq3v7LmP2aB',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=Xq3v7LmP2aB"><script>',
      'https://www.youtube.com/@cineverseindia',
      '',
      null,
    ]) {
      expect(youtubeVideoId(link), String(link)).toBeNull();
    }
  });
});

describe('youtubeEmbedUrl', () => {
  it('plays through the privacy-enhanced embed address', () => {
    expect(youtubeEmbedUrl('Xq3v7LmP2aB')).toBe('https://www.youtube-nocookie.com/embed/Xq3v7LmP2aB?autoplay=1&rel=0');
  });
});
