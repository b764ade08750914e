import { useMutation } from "@tanstack/react-query";
import { loginResponse, okResponse, type LoginRequest, type ProfileLocale } from "@relais/shared";
import { api } from "../../api/index.ts";

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post("auth/login", { body, schema: loginResponse }),
  });
}

export function usePasswordForgot() {
  return useMutation({
    mutationFn: (body: { email: string; locale?: ProfileLocale }) => api.post("auth/password-forgot", { body, schema: okResponse }),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirmation: string }) =>
      api.post("auth/password-reset", { body, schema: okResponse }),
  });
}
