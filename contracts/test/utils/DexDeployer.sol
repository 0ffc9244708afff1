// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./Test.sol";

/// @dev The router path of a swap from `from` to `to`.
function path(address from, address to) pure returns (address[] memory p) {
    p = new address[](2);
    p[0] = from;
    p[1] = to;
}

/// @dev Deploys the real Uniswap-V2 bytecode shipped on npm: factory, WETH9 and router 02 (the prebuilt
///      router's init-code hash matches the prebuilt pair).
abstract contract DexDeployer is Test {
    function deployDex(address feeToSetter)
        internal
        returns (address factory_, address weth_, address router_)
    {
        weth_ = deployArtifact("../node_modules/@uniswap/v2-periphery/build/WETH9.json", "");
        factory_ = deployArtifact(
            "../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json", abi.encode(feeToSetter)
        );
        router_ = deployArtifact(
            "../node_modules/@uniswap/v2-periphery/build/UniswapV2Router02.json", abi.encode(factory_, weth_)
        );
    }

    function deployArtifact(string memory file, bytes memory args) internal returns (address deployed) {
        bytes memory code = abi.encodePacked(vm.parseJsonBytes(vm.readFile(file), ".bytecode"), args);
        assembly ("memory-safe") {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        assertTrue(deployed != address(0), file);
    }
}
