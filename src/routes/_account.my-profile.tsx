import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '@/features/profiles/components/my-profile-page';

export const Route = createFileRoute('/_account/my-profile')({ component: MyProfilePage });
