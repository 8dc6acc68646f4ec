package io.sextant.southbound.netconf.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Edit;
import io.sextant.model.ControllerSchema;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.EditOptions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.w3c.dom.Element;

/** NormalizedNode to NETCONF XML and back, in an OpenConfig schema. */
class DataCodecTest {
    private static final String OC_IF_NS = "http://openconfig.net/yang/interfaces";
    private static DataCodec codec;
    private static QNameModule ocIf;

    @BeforeAll
    static void schema() {
        codec = new DataCodec(ControllerSchema.get());
        ocIf = ControllerSchema.get().findModules(XMLNamespace.of(OC_IF_NS)).iterator().next().getQNameModule();
    }

    private static QName oc(final String name) {
        return QName.create(ocIf, name);
    }

    private static YangInstanceIdentifier interfacePath(final String name) {
        return YangInstanceIdentifier.of(new NodeIdentifier(oc("interfaces")), new NodeIdentifier(oc("interface")),
            NodeIdentifierWithPredicates.of(oc("interface"), oc("name"), name));
    }

    private static YangInstanceIdentifier mtuPath(final String name) {
        return interfacePath(name).node(new NodeIdentifier(oc("config"))).node(new NodeIdentifier(oc("mtu")));
    }

    @Test
    void filterCarriesListKeysAsContentMatch() throws OperationErrorsException {
        final String filter = codec.subtreeFilter(mtuPath("eth0"));
        assertTrue(filter.contains("<name>eth0</name>"), filter);
        assertTrue(filter.contains("<mtu"), filter);
        assertTrue(filter.startsWith("<interfaces xmlns=\"" + OC_IF_NS + "\""), filter);
    }

    @Test
    void filterForAWholeListSelectsItsParent() throws OperationErrorsException {
        final YangInstanceIdentifier list = YangInstanceIdentifier.of(new NodeIdentifier(oc("interfaces")),
            new NodeIdentifier(oc("interface")));
        assertEquals(YangInstanceIdentifier.of(new NodeIdentifier(oc("interfaces"))), codec.filterPath(list));
    }

    @Test
    void editsShareParentsAndCarryTheirOperation() throws OperationErrorsException {
        final LeafNode<Uint16> mtu = ImmutableNodes.leafNode(oc("mtu"), Uint16.valueOf(1400));
        final List<String> xml = codec.editConfigs(NetconfDatastore.CANDIDATE, List.of(
            Edit.merge(mtuPath("eth0"), mtu), Edit.delete(interfacePath("eth1"))), EditOptions.DEFAULT);
        assertEquals(1, xml.size(), xml.toString());
        final String edit = xml.get(0);
        assertEquals(1, edit.split("<interfaces").length - 1, edit);
        assertFalse(edit.contains("nc:operation=\"merge\""), "merge is the default operation: " + edit);
        assertTrue(edit.contains("nc:operation=\"delete\""), edit);
        assertTrue(edit.contains("<candidate"), edit);
        final Element parsed = NetconfXml.parse(edit).getDocumentElement();
        assertEquals("edit-config", parsed.getLocalName());
    }

    @Test
    void nestedEditsGoToSeparateEditConfigs() throws OperationErrorsException {
        final LeafNode<Uint16> mtu = ImmutableNodes.leafNode(oc("mtu"), Uint16.valueOf(1400));
        final List<String> xml = codec.editConfigs(NetconfDatastore.RUNNING, List.of(
            Edit.remove(interfacePath("eth0")), Edit.merge(mtuPath("eth0"), mtu)), EditOptions.ROLLBACK_ON_ERROR);
        assertEquals(2, xml.size());
        assertTrue(xml.get(0).contains("nc:operation=\"remove\""));
        assertTrue(xml.get(1).contains("rollback-on-error"));
    }

    @Test
    void replacingAWholeListIsRefused() {
        final YangInstanceIdentifier list = YangInstanceIdentifier.of(new NodeIdentifier(oc("interfaces")),
            new NodeIdentifier(oc("interface")));
        final var data = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(oc("interface")))
            .build();
        final var error = assertThrows(OperationErrorsException.class,
            () -> codec.editConfigs(NetconfDatastore.CANDIDATE, List.of(Edit.replace(list, data)), EditOptions.DEFAULT));
        assertEquals("operation-not-supported", error.errors().get(0).tag().elementBody());
    }

    @Test
    void parsesReplyDataIntoTheRootContainer() throws OperationErrorsException {
        final Element data = NetconfXml.parse("<data xmlns=\"" + NetconfXml.BASE_NS + "\"><interfaces xmlns=\""
            + OC_IF_NS + "\"><interface><name>eth0</name><config><name>eth0</name><mtu>1500</mtu></config>"
            + "</interface></interfaces><unknown xmlns=\"urn:x\"><a/></unknown></data>").getDocumentElement();
        final ContainerNode root = codec.parseData(data);
        final Optional<?> mtu = DataCodec.extract(root, mtuPath("eth0"));
        assertEquals(Uint16.valueOf(1500), ((LeafNode<?>) mtu.orElseThrow()).body());
    }

    @Test
    void translatesErrorPathsIntoTheDeviceSchema() throws OperationErrorsException {
        final Element reply = NetconfXml.parse("<rpc-reply xmlns=\"" + NetconfXml.BASE_NS + "\" message-id=\"1\">"
            + "<rpc-error><error-type>application</error-type><error-tag>invalid-value</error-tag>"
            + "<error-severity>error</error-severity>"
            + "<error-path xmlns:nc=\"" + NetconfXml.BASE_NS + "\" xmlns:oc-if=\"" + OC_IF_NS + "\">"
            + "/nc:rpc/nc:edit-config/nc:config/oc-if:interfaces/oc-if:interface[oc-if:name='eth0']/oc-if:config"
            + "/oc-if:mtu</error-path><error-message xml:lang=\"en\">out of range</error-message>"
            + "<error-info><bad-element>mtu</bad-element></error-info></rpc-error></rpc-reply>").getDocumentElement();
        final List<OperationError> errors = RpcErrors.read(reply, "R1", codec);
        assertEquals(1, errors.size());
        final OperationError error = errors.get(0);
        assertEquals("invalid-value", error.tag().elementBody());
        assertEquals("out of range", error.message());
        assertEquals(mtuPath("eth0"), error.path());
        assertTrue(error.info().contains("<node-id>R1</node-id>"));
        assertTrue(error.info().contains("bad-element"));
    }

    @Test
    void keepsUntranslatableErrorPathsInInfo() throws OperationErrorsException {
        final Element reply = NetconfXml.parse("<rpc-reply xmlns=\"" + NetconfXml.BASE_NS + "\" message-id=\"1\">"
            + "<rpc-error><error-type>protocol</error-type><error-tag>bad-element</error-tag>"
            + "<error-severity>error</error-severity><error-path xmlns:x=\"urn:x\">/x:nope</error-path>"
            + "</rpc-error><rpc-error><error-type>protocol</error-type><error-tag>in-use</error-tag>"
            + "<error-severity>warning</error-severity></rpc-error></rpc-reply>").getDocumentElement();
        final List<OperationError> errors = RpcErrors.read(reply, "R1", codec);
        assertEquals(1, errors.size(), "warnings do not count");
        assertNull(errors.get(0).path());
        assertTrue(errors.get(0).info().contains("/x:nope"));
    }

    @Test
    void aDevicesJavaRenderedErrorMessageBecomesItsPlainMessageAndCause() throws OperationErrorsException {
        // what the netconf test tool (an OpenDaylight MD-SAL) answers to a commit missing a mandatory leaf
        final Element reply = NetconfXml.parse("<rpc-reply xmlns=\"" + NetconfXml.BASE_NS + "\" message-id=\"1\">"
            + "<rpc-error><error-type>application</error-type><error-tag>operation-failed</error-tag>"
            + "<error-severity>error</error-severity><error-message>Transaction commit failed on "
            + "TransactionCommitFailedException{message=canCommit execution failed, errorList=[RpcError "
            + "[message=canCommit execution failed, severity=ERROR, errorType=APPLICATION, tag=operation-failed, "
            + "applicationTag=null, info=null, cause=Node ietf-interfaces:interface[ietf-interfaces:name=eth9] is "
            + "missing mandatory descendant /ietf-interfaces:type]]} 3 Cause: canCommit execution failed"
            + "</error-message></rpc-error></rpc-reply>").getDocumentElement();
        final OperationError error = RpcErrors.read(reply, "R1", codec).get(0);
        assertEquals("operation-failed", error.tag().elementBody());
        assertEquals("Transaction commit failed: canCommit execution failed: Node ietf-interfaces:interface"
            + "[ietf-interfaces:name=eth9] is missing mandatory descendant /ietf-interfaces:type", error.message());
    }
}
