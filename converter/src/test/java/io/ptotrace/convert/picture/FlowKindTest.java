package io.ptotrace.convert.picture;

import static org.assertj.core.api.Assertions.assertThat;

import io.ptotrace.vocabulary.ArrowKind;
import io.ptotrace.vocabulary.FlowIds;
import org.junit.jupiter.api.Test;

class FlowKindTest {
    @Test
    void eachKindIsOneKindOfTheVocabulary() {
        assertThat(FlowKind.values()).hasSameSizeAs(ArrowKind.values());
        for (FlowKind k : FlowKind.values()) {
            assertThat(k.arrowKind.name()).isEqualTo(k.name());
            assertThat(FlowKind.of(k.arrowKind)).isSameAs(k);
            assertThat(k.eventName).isEqualTo(k.arrowKind.eventName);
            assertThat(FlowKind.of(FlowIds.kindOf(k.traceId(77)))).isSameAs(k);
        }
        assertThat(FlowKind.of(null)).isNull();
    }
}
