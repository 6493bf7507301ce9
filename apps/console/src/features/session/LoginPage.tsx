import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/http.js";
import { COMMON_COPY, SESSION_COPY } from "../../copy/index.js";
import { useLocale } from "../../i18n/locale.js";
import { LanguageSwitch } from "../layout/LanguageSwitch.js";
import { useSession } from "./session-store.js";
import "./login.css";

interface LoginForm {
  login: string;
  password: string;
}

/** What a refused sign-in says: the server's words for wrong credentials, ours for the rest. */
export function signInError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SESSION_COPY.wrongCredentials;
    if (error.status === 429) return SESSION_COPY.tooManyAttempts;
    return error.message;
  }
  return COMMON_COPY.network;
}

/** Where to go after signing in: the page the staff member was sent here from, if it is the console's. */
function nextPath(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") && next !== "/login" ? next : "/";
}

/** /console/login: login name and password; a refusal is shown above the form; the language switch. */
export default function LoginPage() {
  useLocale();
  const status = useSession((s) => s.status);
  const session = useSession((s) => s.session);
  const notice = useSession((s) => s.notice);
  const signIn = useSession((s) => s.signIn);
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // opened straight: a staff member still signed in goes on to the console
  useEffect(() => {
    if (status === "unknown") {
      useSession
        .getState()
        .check()
        .catch(() => useSession.setState({ status: "signedOut" }));
    }
  }, [status]);

  if (status === "signedIn" && session && session.restaurants.length > 0) {
    return <Navigate to={nextPath(params.get("next"))} replace />;
  }

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      await signIn(values.login.trim(), values.password);
    } catch (caught) {
      setError(signInError(caught));
    } finally {
      setBusy(false);
    }
  };

  const shown =
    error ??
    (status === "signedIn" && session?.restaurants.length === 0 ? SESSION_COPY.noRestaurant : notice);

  return (
    <div className="login-page">
      <Card className="login-card" data-testid="login-page">
        <Typography.Title level={3} className="login-brand">
          {COMMON_COPY.appName}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="login-heading">
          {SESSION_COPY.heading}
        </Typography.Paragraph>
        <div className="login-language">
          <LanguageSwitch />
        </div>
        {shown && <Alert className="login-error" type="error" showIcon message={shown} role="alert" />}
        <Form<LoginForm> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item
            label={SESSION_COPY.login}
            name="login"
            rules={[{ required: true, whitespace: true, message: SESSION_COPY.loginRequired }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={SESSION_COPY.loginPlaceholder}
              autoComplete="username"
              autoFocus
            />
          </Form.Item>
          <Form.Item
            label={SESSION_COPY.password}
            name="password"
            rules={[{ required: true, message: SESSION_COPY.passwordRequired }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={SESSION_COPY.passwordPlaceholder}
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {SESSION_COPY.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
