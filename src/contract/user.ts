import { z } from 'zod';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({ data: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
