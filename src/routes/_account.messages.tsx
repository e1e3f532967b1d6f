import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '@/features/profiles/components/messages-page';

export const Route = createFileRoute('/_account/messages')({ component: MessagesPage });
