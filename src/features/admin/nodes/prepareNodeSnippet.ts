/**
 * The shell commands that make a Debian/Ubuntu machine a node (README "Adding a Docker node"),
 * to run as root on the node once its certificates are in /etc/docker/tls: Docker Engine,
 * the engine listening with TLS on 2376, and the port only the panel may reach.
 */
export function prepareNodeSnippet(panelAddress: string): string {
  return [
    'apt-get install -y docker.io',
    'mkdir -p /etc/docker/tls /etc/systemd/system/docker.service.d',
    '# copy ca.pem, server-cert.pem and server-key.pem into /etc/docker/tls first',
    `cat > /etc/docker/daemon.json <<'JSON'`,
    '{"hosts": ["unix:///var/run/docker.sock", "tcp://0.0.0.0:2376"], "tlsverify": true,',
    ' "tlscacert": "/etc/docker/tls/ca.pem", "tlscert": "/etc/docker/tls/server-cert.pem", "tlskey": "/etc/docker/tls/server-key.pem"}',
    'JSON',
    `printf '[Service]\\nExecStart=\\nExecStart=/usr/sbin/dockerd --containerd=/run/containerd/containerd.sock\\n' > /etc/systemd/system/docker.service.d/panel-tls.conf`,
    'systemctl daemon-reload && systemctl restart docker',
    `iptables -I INPUT -p tcp --dport 2376 ! -s ${panelAddress || 'PANEL_IP'} -j DROP`,
  ].join('\n');
}
