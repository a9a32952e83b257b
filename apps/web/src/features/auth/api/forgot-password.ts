import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Asks for a reset link by e-mail (POST /password/forgot); the answer is the same whether or not the account exists. */
export const forgotPassword = (login: string) => apiCall('forgotPassword', { body: { login } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
