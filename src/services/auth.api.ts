import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  MigrateRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RestorePasswordRequestSchema,
  SessionUserSchema,
  SignInRequestSchema,
  SwitchAccountRequestSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type MigrateRequest,
  type RefreshRequest,
  type RefreshResponse,
  type RestorePasswordRequest,
  type SessionUser,
  type SignInRequest,
  type SwitchAccountRequest,
} from '../model/auth';
import { ErrorText } from '../model/messages';
import { http, type HttpClient } from './http';

/**
 * Access §7: the Auth calls. Each request goes out as its schema normalises it (trimmed, checked),
 * and each answer is checked against the shared schema before anyone uses it.
 */

interface CallOptions {
  signal?: AbortSignal;
}

export function createAuthApi(client: HttpClient) {
  const post = <TSchema extends v.GenericSchema>(
    path: string,
    schema: TSchema,
    body: v.InferInput<TSchema>,
    options: CallOptions & { liveToken?: boolean; messages?: Record<number, string> },
  ) =>
    client.request(path, {
      method: 'POST',
      body: v.parse(schema, body),
      signal: options.signal,
      messages: options.messages,
      liveToken: options.liveToken,
    });
  return {
    async signIn(request: SignInRequest, options: CallOptions = {}): Promise<SessionUser> {
      return v.parse(
        SessionUserSchema,
        await post('/Auth', SignInRequestSchema, request, { ...options, messages: { 401: ErrorText.signInUnauthorized } }),
      );
    },
    async refresh(request: RefreshRequest, options: CallOptions = {}): Promise<RefreshResponse> {
      return v.parse(RefreshResponseSchema, await post('/Auth/refresh', RefreshRequestSchema, request, options));
    },
    async forgotPassword(request: ForgotPasswordRequest, options: CallOptions = {}): Promise<void> {
      await post('/Auth/Password/Forgot', ForgotPasswordRequestSchema, request, options);
    },
    async restorePassword(request: RestorePasswordRequest, options: CallOptions = {}): Promise<void> {
      await post('/Auth/Password/Restore', RestorePasswordRequestSchema, request, options);
    },
    async changePassword(request: ChangePasswordRequest, options: CallOptions = {}): Promise<SessionUser> {
      return v.parse(
        SessionUserSchema,
        await post('/Auth/Password/Reset', ChangePasswordRequestSchema, request, { ...options, liveToken: true }),
      );
    },
    async switchAccount(request: SwitchAccountRequest, options: CallOptions = {}): Promise<SessionUser> {
      return v.parse(
        SessionUserSchema,
        await post('/Auth/Account/Switch', SwitchAccountRequestSchema, request, { ...options, liveToken: true }),
      );
    },
    async migrate(request: MigrateRequest, options: CallOptions = {}): Promise<SessionUser> {
      return v.parse(SessionUserSchema, await post('/Auth/Migrate', MigrateRequestSchema, request, { ...options, liveToken: true }));
    },
  };
}

export const authApi = createAuthApi(http);
