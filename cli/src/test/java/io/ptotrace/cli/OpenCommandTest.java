package io.ptotrace.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.ptotrace.io.InputProblem;
import io.ptotrace.io.TraceServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ptotrace open}: the one file, to ui.perfetto.dev's origin, on 127.0.0.1, until it is fetched. */
class OpenCommandTest {
    @TempDir
    Path dir;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<byte[]> send(String method, String url) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .header("Origin", TraceServer.UI)
                .build();
        return http.send(r, HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void theFileIsServedToTheUiAloneAndOnce() throws Exception {
        Path trace = Files.write(dir.resolve("my run.pftrace"), new byte[] {1, 2, 3, 0, (byte) 0xff});
        Files.writeString(dir.resolve("secret.txt"), "not served");
        try (TraceServer s = TraceServer.start(trace, 0)) {
            assertThat(s.fileUrl()).isEqualTo("http://127.0.0.1:" + s.port() + "/my%20run.pftrace");
            assertThat(s.uiUrl())
                    .as("the UI fetches from 127.0.0.1:9001 alone")
                    .isEqualTo("https://ui.perfetto.dev/#!/?url=http://127.0.0.1:9001/my%20run.pftrace");
            String base = "http://127.0.0.1:" + s.port();
            for (String other :
                    new String[] {"/", "/secret.txt", "/my%20run.pftrace/", "/..%2Fsecret.txt", "/x/../secret.txt"})
                assertThat(send("GET", base + other).statusCode()).as(other).isEqualTo(404);
            assertThat(send("POST", s.fileUrl()).statusCode()).isEqualTo(405);
            HttpResponse<byte[]> pre = send("OPTIONS", s.fileUrl());
            assertThat(pre.statusCode()).isEqualTo(204);
            assertThat(pre.headers().firstValue("Access-Control-Allow-Origin")).contains(TraceServer.UI);
            assertThat(send("HEAD", s.fileUrl()).headers().firstValue("Content-Length"))
                    .contains("5");
            assertThat(s.awaitFetched(1)).as("nothing fetched yet").isFalse();
            HttpResponse<byte[]> got = send("GET", s.fileUrl());
            assertThat(got.statusCode()).isEqualTo(200);
            assertThat(got.headers().firstValue("Access-Control-Allow-Origin")).contains(TraceServer.UI);
            assertThat(got.headers().firstValue("Cache-Control")).contains("no-cache");
            assertThat(got.body()).containsExactly(1, 2, 3, 0, 0xff);
            assertThat(s.awaitFetched(5)).isTrue();
        }
    }

    @Test
    void aMissingFileOrATakenPortIsOneLine() throws Exception {
        InputProblem missing =
                catchThrowableOfType(InputProblem.class, () -> TraceServer.start(dir.resolve("nope"), 0));
        assertThat(missing.oneLine()).isEqualTo(dir.resolve("nope") + ": no such file");
        Path trace = Files.writeString(dir.resolve("t.json"), "{}");
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            InputProblem busy =
                    catchThrowableOfType(InputProblem.class, () -> TraceServer.start(trace, taken.getLocalPort()));
            assertThat(busy.oneLine())
                    .startsWith("cannot serve on 127.0.0.1:" + taken.getLocalPort())
                    .endsWith("is another trace being served? Stop it, or pass another --port");
        }
        assertThat(catchThrowableOfType(InputProblem.class, () -> TraceServer.start(dir, 0))
                        .oneLine())
                .isEqualTo(dir + ": is a folder; name a trace file");
        Path fifo = dir.resolve("fifo");
        if (Cli.shell("mkfifo '" + fifo + "'"))
            assertThat(catchThrowableOfType(InputProblem.class, () -> TraceServer.start(fifo, 0))
                            .oneLine())
                    .as("a pipe is refused without waiting for a writer")
                    .isEqualTo(fifo + ": not a regular file; name a trace file");
        Cli.Result r = Cli.run("open", dir.resolve("nope").toString(), "--no-browser");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.errorLine()).isEqualTo("Error: " + dir.resolve("nope") + ": no such file");
    }

    @Test
    void openPrintsTheLinkAndTheTunnelAndEndsWhenFetched() throws Exception {
        Path trace = Files.write(dir.resolve("t.pftrace"), new byte[1000]);
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(
                () -> Cli.run("open", trace.toString(), "--port", Integer.toString(port), "--no-browser"));
        String url = "http://127.0.0.1:" + port + "/t.pftrace";
        HttpResponse<byte[]> got = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (got == null && System.nanoTime() < deadline && !run.isDone()) {
            try {
                got = send("GET", url);
            } catch (IOException notYetListening) {
                Thread.sleep(20);
            }
        }
        assertThat(got).as("the server answered").isNotNull();
        assertThat(got.body()).hasSize(1000);
        Cli.Result r = run.get(60, TimeUnit.SECONDS);
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout())
                .contains("Serving " + trace + " (1 KB) at " + url)
                .contains("Open:  https://ui.perfetto.dev/#!/?url=http://127.0.0.1:9001/t.pftrace")
                .containsPattern("ssh -L 9001:127\\.0\\.0\\.1:" + port + " \\S+")
                .contains("forward that port to " + port)
                .contains("Fetched");
    }
}
