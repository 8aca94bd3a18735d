package io.ptotrace.model.deps;

/** One {@code tensors[]} entry. */
public final class DepsTensor {
    public int index;
    public boolean idOk;
    public long id;
    public boolean bufferAddrOk;
    public long bufferAddr;
    public Long version;
    public String dtype;
    public boolean bufferNumelOk;
    public long bufferNumel;
}
