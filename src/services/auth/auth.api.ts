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
} from '../../model/auth/auth';
import { SignInAnswerSchema, TwoStepSignInRequestSchema, type SignInAnswer, type TwoStepSignInRequest } from '../../model/auth/two-step';
import { ErrorText } from '../../model/messages';
import { http, type HttpClient } from '../http/http';

/**
 * Access §7: the Auth calls. Each request goes out as its schema normalises it (trimmed, checked),
 * and each answer is checked against the shared schema before anyone uses it.
 */

interface CallOptions {
  signal?: AbortSignal;
}

export function createAuthApi(client: HttpClient) {
  const post = <TRequest extends v.GenericSchema, TAnswer extends v.GenericSchema>(
    path: string,
    schemas: { request: TRequest; answer: TAnswer },
    body: v.InferInput<TRequest>,
    options: CallOptions & { liveToken?: boolean; messages?: Record<number, string> },
  ): Promise<v.InferOutput<TAnswer>> =>
    client.read(schemas.answer, path, {
      method: 'POST',
      body: v.parse(schemas.request, body),
      signal: options.signal,
      messages: options.messages,
      liveToken: options.liveToken,
    });
  const session = { answer: SessionUserSchema };
  // The documents do not show these answers' bodies, so nothing in them is needed.
  const nothingNeeded = { answer: v.unknown() };
  return {
    /** The user object, or (issue 44, for an account with two-step sign-in on) the challenge the code goes with. */
    signIn(request: SignInRequest, options: CallOptions = {}): Promise<SignInAnswer> {
      return post('/Auth', { answer: SignInAnswerSchema, request: SignInRequestSchema }, request, {
        ...options,
        messages: { 401: ErrorText.signInUnauthorized },
      });
    },
    /** Issue 44: the second step, a code from the authenticator app or a recovery code. */
    signInTwoStep(request: TwoStepSignInRequest, options: CallOptions = {}): Promise<SessionUser> {
      return post('/Auth/TwoStep', { ...session, request: TwoStepSignInRequestSchema }, request, options);
    },
    refresh(request: RefreshRequest, options: CallOptions = {}): Promise<RefreshResponse> {
      return post('/Auth/refresh', { request: RefreshRequestSchema, answer: RefreshResponseSchema }, request, options);
    },
    /**
     * Ends the session of the refresh token on the server (issue 37 item 9). Its answer says nothing the client
     * needs, known token or not. Async, so that a request its schema refuses is a rejection like any other failure.
     */
    async signOut(request: RefreshRequest, options: CallOptions = {}): Promise<void> {
      await post('/Auth/SignOut', { ...nothingNeeded, request: RefreshRequestSchema }, request, options);
    },
    async forgotPassword(request: ForgotPasswordRequest, options: CallOptions = {}): Promise<void> {
      await post('/Auth/Password/Forgot', { ...nothingNeeded, request: ForgotPasswordRequestSchema }, request, options);
    },
    async restorePassword(request: RestorePasswordRequest, options: CallOptions = {}): Promise<void> {
      await post('/Auth/Password/Restore', { ...nothingNeeded, request: RestorePasswordRequestSchema }, request, options);
    },
    changePassword(request: ChangePasswordRequest, options: CallOptions = {}): Promise<SessionUser> {
      return post('/Auth/Password/Reset', { ...session, request: ChangePasswordRequestSchema }, request, { ...options, liveToken: true });
    },
    switchAccount(request: SwitchAccountRequest, options: CallOptions = {}): Promise<SessionUser> {
      return post('/Auth/Account/Switch', { ...session, request: SwitchAccountRequestSchema }, request, { ...options, liveToken: true });
    },
    migrate(request: MigrateRequest, options: CallOptions = {}): Promise<SessionUser> {
      return post('/Auth/Migrate', { ...session, request: MigrateRequestSchema }, request, { ...options, liveToken: true });
    },
  };
}

export const authApi = createAuthApi(http);
