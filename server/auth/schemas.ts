import { Type } from 'typebox';
import { errorResponses, Id, Nullable, OkResponse, Text, type Wire } from '../http/schemas.js';

export const LoginBody = Type.Object(
  {
    login_id: Text({ minLength: 1, maxLength: 50 }),
    password: Text({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

/** What the client shows and decides its menu from; never a password hash or a token version. */
export const Profile = Type.Object({
  id: Id,
  name: Type.String(),
  login_id: Type.String(),
  type: Type.Integer(),
  level: Type.Integer(),
  roles: Type.Array(Type.Object({ name: Type.String() })),
  department: Nullable(Type.Object({ id: Id, code: Type.String(), name: Type.String(), level: Type.Integer() })),
  delivery_company: Nullable(Type.Object({ id: Id, name: Type.String() })),
  config: Type.Record(Type.String(), Type.Unknown()),
});

export const loginSchema = {
  body: LoginBody,
  response: { 200: Type.Object({ access_token: Type.String(), user: Profile }), ...errorResponses },
};

/** The body and answers as the client writes and reads them. */
export type LoginBodyWire = Wire<typeof LoginBody>;
export type ProfileWire = Wire<typeof Profile>;
export type LoginAnswerWire = Wire<(typeof loginSchema.response)[200]>;

export const profileSchema = { response: { 200: Profile, ...errorResponses } };
export const logoutSchema = { response: { 200: OkResponse, ...errorResponses } };

export const loginLabels = { login_id: 'auth.loginId', password: 'auth.password' };
