#!/bin/sh
# test-online-https.sh: tengen reaches tengend through HTTPS (a TLS proxy,
# socat, with a certificate from a test CA) with certificate checks on:
# trusting the test CA through SSL_CERT_FILE, the player logs in; without
# it, the connection is refused with a certificate error, shown as a
# message.
. "${top_srcdir:-.}/tests/online/lib.sh"
on_init test-online-https
for tool in openssl socat; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "test-online-https: $tool is not installed: skipped"
		exit 77
	fi
done
on_server
plain=$PORT

# A CA, and a certificate for 127.0.0.1 signed by it.
cd "$on_tmp" || on_fail "no $on_tmp"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem \
	-days 2 -subj "/CN=tengen test CA" >/dev/null 2>&1 &&
openssl req -newkey rsa:2048 -nodes -keyout srv.key -out srv.csr \
	-subj "/CN=127.0.0.1" >/dev/null 2>&1 &&
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >ext &&
openssl x509 -req -in srv.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
	-out srv.pem -days 2 -extfile ext >/dev/null 2>&1 &&
cat srv.pem srv.key >srv-all.pem || on_fail "cannot make certificates"
cd - >/dev/null || exit 99

# TLS in front of tengend, on the first free port found.
tls=
for p in $(seq 20000 37 30000); do
	socat "OPENSSL-LISTEN:$p,bind=127.0.0.1,reuseaddr,fork,cert=$on_tmp/srv-all.pem,verify=0" \
		"TCP:127.0.0.1:$plain" 2>/dev/null &
	proxy=$!
	sleep 0.3
	if kill -0 "$proxy" 2>/dev/null; then
		tls=$p
		break
	fi
done
[ -n "$tls" ] || on_fail "no port for the TLS proxy"
trap 'kill "$proxy" 2>/dev/null; on_cleanup' EXIT
URL=https://127.0.0.1:$tls

# Trusting the test CA: a new account and the lobby, over HTTPS.
ON_ENV="SSL_CERT_FILE='$on_tmp/ca.pem'"
on_start alice
on_register alice
on_wait alice "Rooms"

# Certificate checks are on: without the CA the server is not trusted.
ON_ENV=
on_start bob
on_wait bob "Password"
on_type bob bob
on_keys bob Tab
on_type bob secret-bob
on_keys bob Enter
on_wait bob "cannot reach $URL"
on_screen bob | grep -q -i "certificate" ||
	on_fail "bob: no word of the certificate: $(on_screen bob)"
on_ok "bob is told the certificate is not trusted"
on_done
