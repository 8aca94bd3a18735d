package io.ptotrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ptotrace.io.InputProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class SecondThreadTest {
    @Test
    void theResultIsHandedBack() throws IOException {
        SecondThread<String> t = SecondThread.start("test", () -> "done");
        assertThat(t.join()).isEqualTo("done");
        assertThat(t.await()).isTrue();
    }

    @Test
    void failuresAreRethrownAsThrown() {
        InputProblem bad = new InputProblem("f.json", "bad", null, null);
        assertThatThrownBy(() -> SecondThread.start("t", () -> {
                            throw bad;
                        })
                        .join())
                .isSameAs(bad);
        IOException io = new IOException("disk");
        assertThatThrownBy(() -> SecondThread.start("t", () -> {
                            throw io;
                        })
                        .join())
                .isSameAs(io);
        assertThatThrownBy(() -> SecondThread.start("t", () -> {
                            throw io;
                        })
                        .joinUnchecked())
                .isInstanceOf(UncheckedIOException.class)
                .hasCause(io);
        StackOverflowError err = new StackOverflowError();
        assertThatThrownBy(() -> SecondThread.start("t", () -> {
                            throw err;
                        })
                        .join())
                .isSameAs(err);
        assertThat(SecondThread.start("t", () -> {
                            throw bad;
                        })
                        .await())
                .isFalse();
    }

    @Test
    void onSeveralCoresTheWorkRunsBesideTheCaller() throws Exception {
        CountDownLatch callerWent = new CountDownLatch(1);
        SecondThread<String> t = SecondThread.start(
                "beside",
                () -> {
                    try {
                        callerWent.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return Thread.currentThread().getName() + " daemon="
                            + Thread.currentThread().isDaemon();
                },
                2);
        callerWent.countDown(); // start returned before the work ended: it is not on this thread
        assertThat(t.join()).isEqualTo("beside daemon=true");
    }

    @Test
    void onOneCoreTheWorkRunsInsideStart() throws Exception {
        Thread caller = Thread.currentThread();
        java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
        SecondThread<Boolean> t = SecondThread.start(
                "inside",
                () -> {
                    ran.set(true);
                    return Thread.currentThread() == caller;
                },
                1);
        assertThat(ran).as("done when start returns").isTrue();
        assertThat(t.join()).isTrue();
    }

    @Test
    void joinWaitsThroughAnInterruptAndKeepsTheFlag() throws IOException {
        SecondThread<Integer> t = SecondThread.start("t", () -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return 7;
        });
        Thread.currentThread().interrupt();
        assertThat(t.join()).isEqualTo(7);
        assertThat(Thread.interrupted()).isTrue();
    }
}
